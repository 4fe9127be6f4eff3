package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.AgentProvider;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;

import java.util.regex.Pattern;

/**
 * Names {@code ismcts:ITERATIONS[:ROLLOUT][:c=C][:prior=bot|uniform]}, for every game: the
 * rollout policy is {@code random} or one of the game's bots, by default the game's
 * {@link Game#rolloutBot()} (its greedy bot when it has one); {@code c} is the PUCT exploration
 * constant (default {@value IsmctsAgent#DEFAULT_EXPLORATION}); {@code prior} says whether the
 * tree's prior follows the rollout bot (default) or is even. See {@link IsmctsAgent}.
 */
public final class IsmctsProvider implements AgentProvider {
    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
    private static final String GRAMMAR = "ismcts:ITERATIONS[:ROLLOUT][:c=C][:prior=bot|uniform]";

    @Override
    public String prefix() {
        return "ismcts";
    }

    @Override
    public String usage() {
        return GRAMMAR + " (ROLLOUT: random or a bot of the game)";
    }

    @Override
    public <S extends GameState<S>> Agent<S> create(Game<S> game, String name, long seed) {
        String[] parts = name.split(":", -1);
        if (parts.length < 2 || parts.length > 5) {
            throw new IllegalArgumentException("agent '" + name + "': expected " + GRAMMAR);
        }
        int iterations;
        try {
            if (!parts[1].matches("[0-9]+")) {
                throw new NumberFormatException(parts[1]);
            }
            iterations = Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("agent '" + name + "': iterations must be a number, not '" + parts[1] + "'");
        }
        String rollout = null;
        Double exploration = null;
        IsmctsAgent.Prior prior = null;
        for (int i = 2; i < parts.length; i++) {
            String part = parts[i];
            if (part.isEmpty()) {
                throw new IllegalArgumentException("agent '" + name + "': empty setting (" + GRAMMAR + ")");
            }
            int eq = part.indexOf('=');
            if (eq < 0) {
                if (rollout != null || exploration != null || prior != null) {
                    throw new IllegalArgumentException("agent '" + name + "': the rollout policy comes once, right after"
                            + " the iterations (" + GRAMMAR + ")");
                }
                rollout = part;
                continue;
            }
            String key = part.substring(0, eq);
            String value = part.substring(eq + 1);
            switch (key) {
                case "c" -> {
                    if (exploration != null) {
                        throw new IllegalArgumentException("agent '" + name + "': c is given twice");
                    }
                    if (!NUMBER.matcher(value).matches()) {
                        throw new IllegalArgumentException("agent '" + name + "': c must be a positive number, not '" + value + "'");
                    }
                    exploration = Double.parseDouble(value);
                }
                case "prior" -> {
                    if (prior != null) {
                        throw new IllegalArgumentException("agent '" + name + "': prior is given twice");
                    }
                    prior = switch (value) {
                        case "bot" -> IsmctsAgent.Prior.BOT;
                        case "uniform" -> IsmctsAgent.Prior.UNIFORM;
                        default -> throw new IllegalArgumentException("agent '" + name
                                + "': prior must be bot or uniform, not '" + value + "'");
                    };
                }
                default -> throw new IllegalArgumentException("agent '" + name + "': unknown setting '" + key
                        + "' (settings: c, prior; " + GRAMMAR + ")");
            }
        }
        try {
            IsmctsAgent.Settings settings = new IsmctsAgent.Settings(iterations,
                    rollout == null ? game.rolloutBot() : rollout,
                    exploration == null ? IsmctsAgent.DEFAULT_EXPLORATION : exploration,
                    prior == null ? IsmctsAgent.Prior.BOT : prior);
            return new IsmctsAgent<>(game, settings, seed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("agent '" + name + "': " + e.getMessage(), e);
        }
    }
}
