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
        Spec spec = Spec.parse(name);
        try {
            IsmctsAgent.Guide guide = null;
            if (spec.net != null) {
                Checkpoint.Policy policy = Policies.resolve(spec.net);
                policy.config().requirePlays(game, spec.net);
                guide = IsmctsAgent.Guide.of(policy, spec.leafValue, spec.net);
            }
            IsmctsAgent.Settings settings = new IsmctsAgent.Settings(spec.iterations,
                    spec.rollout == null ? game.rolloutBot() : spec.rollout,
                    spec.exploration == null ? IsmctsAgent.DEFAULT_EXPLORATION : spec.exploration,
                    spec.prior == null ? IsmctsAgent.Prior.BOT : spec.prior, guide);
            return new IsmctsAgent<>(game, settings, seed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("agent '" + name + "': " + e.getMessage(), e);
        }
    }

    /** What an agent name says, read and checked part by part; null where the name leaves the default. */
    private static final class Spec {
        private final String name;
        private String net;
        private int iterations;
        private String rollout;
        private Double exploration;
        private IsmctsAgent.Prior prior;
        private Double leafValue;

        private Spec(String name) {
            this.name = name;
        }

        static Spec parse(String name) {
            Spec spec = new Spec(name);
            int at = name.indexOf(NET);
            spec.net = at < 0 ? null : name.substring(at + NET.length());
            String head = at < 0 ? name : name.substring(0, at);
            if (spec.net != null && spec.net.isBlank()) {
                throw spec.error("net= needs a checkpoint (a path, dl4j:PATH or zoo:NAME)");
            }
            String[] parts = head.split(":", -1);
            if (parts.length < 2 || parts.length > 5) {
                throw spec.error("expected " + GRAMMAR);
            }
            if (!parts[1].matches("[0-9]+")) {
                throw spec.error("iterations must be a number, not '" + parts[1] + "'");
            }
            try {
                spec.iterations = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                throw spec.error("iterations must be a number, not '" + parts[1] + "'");
            }
            for (int i = 2; i < parts.length; i++) {
                spec.read(parts[i]);
            }
            if (spec.net == null && spec.leafValue != null) {
                throw spec.error("value= weighs a network's value and needs net= (" + GRAMMAR + ")");
            }
            if (spec.net != null && spec.prior != null) {
                throw spec.error("with net= the prior is the network's; drop prior=");
            }
            return spec;
        }

        /** One setting after the iterations: the rollout policy (first, bare) or {@code key=value}. */
        private void read(String part) {
            if (part.isEmpty()) {
                throw error("empty setting (" + GRAMMAR + ")");
            }
            int eq = part.indexOf('=');
            if (eq < 0) {
                if (rollout != null || exploration != null || prior != null) {
                    throw error("the rollout policy comes once, right after the iterations (" + GRAMMAR + ")");
                }
                rollout = part;
                return;
            }
            String key = part.substring(0, eq);
            String value = part.substring(eq + 1);
            switch (key) {
                case "c" -> readExploration(value);
                case "prior" -> readPrior(value);
                case "value" -> readLeafValue(value);
                case "net" -> throw error("net comes last (" + GRAMMAR + ")");
                default -> throw error("unknown setting '" + key + "' (settings: c, prior, value, net; " + GRAMMAR
                        + ")");
            }
        }

        private void readExploration(String value) {
            if (exploration != null) {
                throw error("c is given twice");
            }
            if (!NUMBER.matcher(value).matches()) {
                throw error("c must be a positive number, not '" + value + "'");
            }
            exploration = Double.parseDouble(value);
        }

        private void readPrior(String value) {
            if (prior != null) {
                throw error("prior is given twice");
            }
            prior = switch (value) {
                case "bot" -> IsmctsAgent.Prior.BOT;
                case "uniform" -> IsmctsAgent.Prior.UNIFORM;
                default -> throw error("prior must be bot or uniform, not '" + value + "'");
            };
        }

        private void readLeafValue(String value) {
            if (leafValue != null) {
                throw error("value is given twice");
            }
            if (!NUMBER.matcher(value).matches() || Double.parseDouble(value) > 1) {
                throw error("value must be a number from 0 to 1, not '" + value + "'");
            }
            leafValue = Double.parseDouble(value);
        }

        private IllegalArgumentException error(String message) {
            return new IllegalArgumentException("agent '" + name + "': " + message);
        }
    }
}
