package dev.kaisen.training.net;

import dev.kaisen.env.AgentProvider;
import dev.kaisen.env.Game;
import dev.kaisen.training.config.PpoConfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Resolves a reference to a trained network: {@code PREFIX:REST} where an agent provider with
 * that prefix is a {@link PolicySource} (e.g. {@code dl4j:runs/x/best.zip}, or {@code zoo:NAME}
 * once a zoo provider implements {@link PolicySource}), otherwise a checkpoint path read as
 * {@code dl4j:} reads it (cached per file version, see {@link Dl4jProvider#load}).
 */
public final class Policies {
    private static volatile List<PolicySource> sources;

    private Policies() {
    }

    /** The network {@code ref} names; a clear error for an empty reference or a missing file. */
    public static Checkpoint.Policy resolve(String ref) {
        String r = ref.trim();
        if (r.isEmpty()) {
            throw new IllegalArgumentException("no network given: expected a checkpoint path, dl4j:PATH or another "
                    + "policy name (" + String.join(", ", prefixes()) + ")");
        }
        int colon = r.indexOf(':');
        if (colon > 0) {
            String prefix = r.substring(0, colon);
            for (PolicySource s : sources()) {
                if (((AgentProvider) s).prefix().equals(prefix)) {
                    return s.policy(r);
                }
            }
        }
        return Dl4jProvider.load(Path.of(r));
    }

    /**
     * The network a new run's {@code --init} ({@code config.init}) names, checked to fit the run
     * before its folder is made: same game and config (as an agent of it would be), same view and
     * hidden sizes; its observation and action layout is checked as it is read.
     */
    public static Checkpoint.Policy forInit(PpoConfig config, Game<?> game) {
        Checkpoint.Policy p = resolve(config.init);
        p.config().requirePlays(game, config.init);
        if (!p.config().view.equals(config.view)) {
            throw new IllegalArgumentException("--init " + config.init + " reads the " + p.config().view
                    + " view, this run the " + config.view + " view: give --view " + p.config().view);
        }
        if (!java.util.Arrays.equals(p.config().hidden, config.hidden)) {
            throw new IllegalArgumentException("--init " + config.init + " has hidden layers "
                    + java.util.Arrays.toString(p.config().hidden) + ", this run "
                    + java.util.Arrays.toString(config.hidden) + ": give the same --hidden");
        }
        return p;
    }

    private static List<String> prefixes() {
        List<String> out = new ArrayList<>();
        for (PolicySource s : sources()) {
            out.add(((AgentProvider) s).prefix() + ":...");
        }
        return out;
    }

    private static List<PolicySource> sources() {
        if (sources == null) {
            List<PolicySource> found = new ArrayList<>();
            for (AgentProvider p : ServiceLoader.load(AgentProvider.class, Policies.class.getClassLoader())) {
                if (p instanceof PolicySource s) {
                    found.add(s);
                }
            }
            sources = List.copyOf(found);
        }
        return sources;
    }
}
