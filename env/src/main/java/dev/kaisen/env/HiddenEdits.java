package dev.kaisen.env;

import java.util.List;

/**
 * For the conformance suite's no-leak checks, one per game (found with
 * {@link java.util.ServiceLoader}): states that an observer cannot tell apart from a given one,
 * made by editing the state's JSON form ({@link Game#toJson}) directly: reordering a draw
 * pile, swapping cards between places nobody has seen, changing a sealed choice not yet
 * revealed. It must never go through {@link GameState#determinize}, so a blind spot there
 * cannot hide a leak. Every variation must be a valid state of the rules
 * ({@link Game#fromJson} accepts it).
 */
public interface HiddenEdits {
    /** The game id this generator edits. */
    String game();

    /**
     * Up to {@code count} variations of {@code stateJson} that differ only in what
     * {@code observer} cannot know (possibly none, when nothing is hidden from them), drawn from {@code seed}.
     */
    List<String> variations(String stateJson, int observer, long seed, int count);

    /** The generator registered for {@code game}, if any. */
    static java.util.Optional<HiddenEdits> forGame(String game) {
        for (HiddenEdits h : java.util.ServiceLoader.load(HiddenEdits.class, HiddenEdits.class.getClassLoader())) {
            if (h.game().equals(game)) {
                return java.util.Optional.of(h);
            }
        }
        return java.util.Optional.empty();
    }
}
