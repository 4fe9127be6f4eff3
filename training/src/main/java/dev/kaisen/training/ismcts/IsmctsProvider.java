package dev.kaisen.training.ismcts;

import dev.kaisen.env.Agent;
import dev.kaisen.env.AgentProvider;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.Policies;

import java.util.regex.Pattern;

/**
 * Names {@code ismcts:ITERATIONS[:ROLLOUT][:c=C][:prior=bot|uniform][:value=W][:net=NET]}, for every game: the
 * rollout policy is {@code random} or one of the game's bots, by default the game's
 * {@link Game#rolloutBot()} (its greedy bot when it has one); {@code c} is the PUCT exploration
 * constant (default {@value IsmctsAgent#DEFAULT_EXPLORATION}); {@code prior} says whether the
 * tree's prior follows the rollout bot (default) or is even. {@code net} names a trained network
 * that guides the search ({@link IsmctsAgent.Guide}): a checkpoint path, {@code dl4j:PATH}, or
 * any name of a {@link dev.kaisen.training.net.PolicySource} provider such as {@code zoo:NAME}
 * ({@link Policies#resolve}); it comes last, and its value runs to the end of the name (colons
 * included). {@code value} (with {@code net} only) is the weight in [0, 1] of the network's value
 * at the leaves, the rest going to the rollout; by default the checkpoint's own (see
 * {@link IsmctsAgent.Guide#of}). See {@link IsmctsAgent}.
 */
public final class IsmctsProvider implements AgentProvider {
    private static final Pattern NUMBER = Pattern.compile("[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
    private static final String GRAMMAR = "ismcts:ITERATIONS[:ROLLOUT][:c=C][:prior=bot|uniform][:value=W][:net=NET]";
    private static final String NET = ":net=";

    @Override
    public String prefix() {
        return "ismcts";
    }

    @Override
    public String usage() {
        return GRAMMAR + " (ROLLOUT: random or a bot of the game; NET: a checkpoint, last)";
    }

    @Override
    public <S extends GameState<S>> Agent<S> create(Game<S> game, String name, long seed) {
        int at = name.indexOf(NET);
        String net = at < 0 ? null : name.substring(at + NET.length());
        String head = at < 0 ? name : name.substring(0, at);
        if (net != null && net.isBlank()) {
            throw new IllegalArgumentException("agent '" + name + "': net= needs a checkpoint (a path, dl4j:PATH or "
                    + "zoo:NAME)");
        }
        String[] parts = head.split(":", -1);
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
        Double leafValue = null;
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
                case "value" -> {
                    if (leafValue != null) {
                        throw new IllegalArgumentException("agent '" + name + "': value is given twice");
                    }
                    if (!NUMBER.matcher(value).matches() || Double.parseDouble(value) > 1) {
                        throw new IllegalArgumentException("agent '" + name + "': value must be a number from 0 to 1,"
                                + " not '" + value + "'");
                    }
                    leafValue = Double.parseDouble(value);
                }
                case "net" -> throw new IllegalArgumentException("agent '" + name + "': net comes last (" + GRAMMAR + ")");
                default -> throw new IllegalArgumentException("agent '" + name + "': unknown setting '" + key
                        + "' (settings: c, prior, value, net; " + GRAMMAR + ")");
            }
        }
        if (net == null && leafValue != null) {
            throw new IllegalArgumentException("agent '" + name + "': value= weighs a network's value and needs net= ("
                    + GRAMMAR + ")");
        }
        if (net != null && prior != null) {
            throw new IllegalArgumentException("agent '" + name + "': with net= the prior is the network's; drop prior=");
        }
        try {
            IsmctsAgent.Guide guide = null;
            if (net != null) {
                Checkpoint.Policy policy = Policies.resolve(net);
                policy.config().requirePlays(game, net);
                guide = IsmctsAgent.Guide.of(policy, leafValue, net);
            }
            IsmctsAgent.Settings settings = new IsmctsAgent.Settings(iterations,
                    rollout == null ? game.rolloutBot() : rollout,
                    exploration == null ? IsmctsAgent.DEFAULT_EXPLORATION : exploration,
                    prior == null ? IsmctsAgent.Prior.BOT : prior, guide);
            return new IsmctsAgent<>(game, settings, seed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("agent '" + name + "': " + e.getMessage(), e);
        }
    }
}
