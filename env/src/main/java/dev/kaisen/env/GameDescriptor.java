package dev.kaisen.env;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * What a game is besides its rules, written once per game and read by the registry
 * ({@link Games}) and by every generic default of {@link Game}: id, title, player range,
 * version, a summary of what the game is, options, what the score and the tie-break count, the
 * scripted bots by name (each with what it does), the chance events its records hold, the
 * invariants, and how a config becomes a {@link Game}. The documentation site's game pages are
 * written from this (with the spec), never by hand.
 *
 * <p>A game fills one in with {@link #builder}, in the order a reader meets the game:
 * <pre>{@code
 * GameDescriptor.<MyState>builder("my-game", "My Game")
 *         .summary("Players race to ...")
 *         .players(2, 5).defaultPlayers(2)
 *         .options(VARIANT)
 *         .score("points", "coins")
 *         .bot("greedy", "takes the move that scores most now", MyGreedyAgent::new)
 *         .chance("shuffle", "the deck is shuffled: the order of every card")
 *         .invariants(MyInvariants::check, MyInvariants::checkStep)
 *         .create(MyGame::new)
 *         .build();
 * }</pre>
 *
 * @param <S> the game's state type
 */
public record GameDescriptor<S extends GameState<S>>(
        String id, String title, int minPlayers, int maxPlayers, int defaultPlayers, int version,
        String summary, List<GameOption> options, String scoreName, String tiebreakName,
        Map<String, BotFactory<S>> bots, Map<String, String> botMeanings, List<ChanceEvent> chanceEvents,
        Invariants<S> invariants, Function<GameConfig, ? extends Game<S>> factory) {

    /**
     * A kind of chance outcome the game reports to its {@link ChanceLog} (so game records hold it
     * as a {@code chance} step named {@code name}), with what it decides.
     */
    public record ChanceEvent(String name, String meaning) {
        public ChanceEvent {
            requireName(name, "chance event name");
            requireName(meaning, "meaning for chance event " + name);
        }
    }

    /** A scripted bot made from a seed. */
    @FunctionalInterface
    public interface BotFactory<S extends GameState<S>> {
        Agent<S> create(long seed);
    }

    /** The game's invariants over a state, and over one transition (by default the successor's). */
    public interface Invariants<S extends GameState<S>> {
        List<String> check(S state);

        default List<String> checkStep(S before, int action, S after) {
            return check(after);
        }

        /** Invariants over states only. */
        static <S extends GameState<S>> Invariants<S> of(Function<S, List<String>> check) {
            return check::apply;
        }

        /** Invariants over states and over transitions ({@code step} sees the state before and after). */
        static <S extends GameState<S>> Invariants<S> of(Function<S, List<String>> check,
                                                         BiFunction<S, S, List<String>> step) {
            return new Invariants<>() {
                @Override
                public List<String> check(S state) {
                    return check.apply(state);
                }

                @Override
                public List<String> checkStep(S before, int action, S after) {
                    return step.apply(before, after);
                }
            };
        }
    }

    public GameDescriptor {
        requireName(id, "id");
        requireName(title, "title");
        requireName(scoreName, "score name");
        requireName(tiebreakName, "tie-break name");
        if (minPlayers < 1 || maxPlayers < minPlayers || defaultPlayers < minPlayers || defaultPlayers > maxPlayers) {
            throw new IllegalArgumentException(id + ": players " + minPlayers + ".." + maxPlayers + " with default "
                    + defaultPlayers + " is not a range holding its default");
        }
        if (version < 1) {
            throw new IllegalArgumentException(id + ": version must be at least 1, not " + version);
        }
        if (bots.containsKey(Agents.RANDOM)) {
            throw new IllegalArgumentException(id + ": '" + Agents.RANDOM + "' is every game's bot, not a game's own");
        }
        summary = summary == null ? "" : summary.strip();
        options = List.copyOf(options);
        bots = Collections.unmodifiableMap(new LinkedHashMap<>(bots));
        botMeanings = Collections.unmodifiableMap(new LinkedHashMap<>(botMeanings));
        if (!bots.keySet().containsAll(botMeanings.keySet())) {
            throw new IllegalArgumentException(id + ": a meaning for a bot it does not have");
        }
        chanceEvents = List.copyOf(chanceEvents);
        if (chanceEvents.stream().map(ChanceEvent::name).distinct().count() != chanceEvents.size()) {
            throw new IllegalArgumentException(id + ": a chance event declared twice");
        }
        Objects.requireNonNull(invariants, "invariants");
        Objects.requireNonNull(factory, "factory");
    }

    private static void requireName(String s, String what) {
        if (s == null || s.isBlank()) {
            throw new IllegalArgumentException("a game descriptor needs a " + what);
        }
    }

    /** The game's own bots' names, in the order they were declared (the first is the rollout default). */
    public List<String> botNames() {
        return List.copyOf(bots.keySet());
    }

    /** What the game's bot {@code name} does (empty when the game does not say). */
    public String botMeaning(String name) {
        return botMeanings.getOrDefault(name, "");
    }

    /** The game's bot {@code name}, seeded; an unknown name is an error naming the bots there are. */
    public Agent<S> bot(String name, long seed) {
        BotFactory<S> f = bots.get(name);
        if (f == null) {
            throw new IllegalArgumentException(title + " has no bot '" + name + "' ("
                    + (bots.isEmpty() ? "it has no bots of its own" : "bots: " + String.join(", ", bots.keySet())) + ")");
        }
        return f.create(seed);
    }

    /** A builder starting from the id and title. */
    public static <S extends GameState<S>> Builder<S> builder(String id, String title) {
        return new Builder<>(id, title);
    }

    /** Fills a descriptor in; {@link #build} checks it. */
    public static final class Builder<S extends GameState<S>> {
        private final String id;
        private final String title;
        private int minPlayers = -1;
        private int maxPlayers = -1;
        private int defaultPlayers = -1;
        private int version = 1;
        private String summary = "";
        private final List<GameOption> options = new ArrayList<>();
        private String scoreName;
        private String tiebreakName;
        private final Map<String, BotFactory<S>> bots = new LinkedHashMap<>();
        private final Map<String, String> botMeanings = new LinkedHashMap<>();
        private final List<ChanceEvent> chanceEvents = new ArrayList<>();
        private Invariants<S> invariants;
        private Function<GameConfig, ? extends Game<S>> factory;

        private Builder(String id, String title) {
            this.id = id;
            this.title = title;
        }

        /** The player range; the default player count is the minimum unless {@link #defaultPlayers} says. */
        public Builder<S> players(int min, int max) {
            this.minPlayers = min;
            this.maxPlayers = max;
            return this;
        }

        public Builder<S> defaultPlayers(int players) {
            this.defaultPlayers = players;
            return this;
        }

        /** The env interface's version (see {@link GameProvider#version()}); 1 unless raised. */
        public Builder<S> version(int version) {
            this.version = version;
            return this;
        }

        /** What the game is, in a paragraph (the documentation's game page opens with it). */
        public Builder<S> summary(String summary) {
            this.summary = summary;
            return this;
        }

        public Builder<S> options(GameOption... options) {
            this.options.addAll(List.of(options));
            return this;
        }

        /** What {@link GameState#score} and {@link GameState#tiebreak} count. */
        public Builder<S> score(String scoreName, String tiebreakName) {
            this.scoreName = scoreName;
            this.tiebreakName = tiebreakName;
            return this;
        }

        public Builder<S> bot(String name, BotFactory<S> factory) {
            if (bots.putIfAbsent(name, factory) != null) {
                throw new IllegalArgumentException(id + ": bot '" + name + "' declared twice");
            }
            return this;
        }

        /** A bot with what it does (shown by the documentation's game page). */
        public Builder<S> bot(String name, String meaning, BotFactory<S> factory) {
            bot(name, factory);
            botMeanings.put(name, meaning);
            return this;
        }

        /** A kind of chance outcome the game reports to its {@link ChanceLog}, with what it decides. */
        public Builder<S> chance(String name, String meaning) {
            chanceEvents.add(new ChanceEvent(name, meaning));
            return this;
        }

        public Builder<S> invariants(Function<S, List<String>> check) {
            this.invariants = Invariants.of(check);
            return this;
        }

        public Builder<S> invariants(Function<S, List<String>> check, BiFunction<S, S, List<String>> step) {
            this.invariants = Invariants.of(check, step);
            return this;
        }

        /** How a config (already checked against the range and options) becomes the game. */
        public Builder<S> create(Function<GameConfig, ? extends Game<S>> factory) {
            this.factory = factory;
            return this;
        }

        public GameDescriptor<S> build() {
            return new GameDescriptor<>(id, title, minPlayers, maxPlayers,
                    defaultPlayers < 0 ? minPlayers : defaultPlayers, version, summary, options, scoreName,
                    tiebreakName, bots, botMeanings, chanceEvents, invariants, factory);
        }
    }
}
