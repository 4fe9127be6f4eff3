package dev.kaisen.training.net;

import dev.kaisen.env.Game;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names {@code dl4j:PATH} and {@code dl4j:PATH:greedy|sample}: the policy of a checkpoint
 * written by {@code ./kaisen train} (e.g. {@code dl4j:runs/osaka-ppo/best.zip}), playing its
 * most likely legal action (default) or sampling. A checkpoint is read once per file version
 * (path, size and modification time) and shared by every agent made from it. A checkpoint
 * records the game and config it was trained on and refuses to play another, and the layout hash
 * of its observations and actions, and refuses to load where this build's layout differs (see
 * {@link Checkpoint}).
 */
public final class Dl4jProvider extends NetworkProvider {
    private record Key(Path path, long size, long modified) {
    }

    private static final Map<Key, Checkpoint.Policy> CACHE = new ConcurrentHashMap<>();

    @Override
    public String prefix() {
        return "dl4j";
    }

    @Override
    public String usage() {
        return "dl4j:CHECKPOINT.zip[:greedy|sample]";
    }

    /** {@code dl4j:PATH} (a trailing {@code :greedy} or {@code :sample} is allowed and ignored) as a network. */
    @Override
    protected Checkpoint.Policy read(String target) {
        return load(Path.of(target));
    }

    @Override
    protected Checkpoint.Policy readFor(Game<?> game, String target) {
        Checkpoint.Policy policy = read(target);
        policy.config().requirePlays(game, target);
        return policy;
    }

    /** The policy of a checkpoint, from the cache when this version of the file was read before. */
    public static Checkpoint.Policy load(Path path) {
        Path abs = path.toAbsolutePath().normalize();
        if (!Files.isRegularFile(abs)) {
            throw new IllegalArgumentException("no checkpoint at " + path + " (expected a .zip written by ./kaisen train)");
        }
        NativeBackend.require("dl4j:" + path);
        Key key;
        try {
            BasicFileAttributes a = Files.readAttributes(abs, BasicFileAttributes.class);
            key = new Key(abs, a.size(), a.lastModifiedTime().toMillis());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return CACHE.computeIfAbsent(key, k -> {
            Checkpoint.Policy policy = Checkpoint.readPolicy(k.path());
            if (policy.warning() != null) {
                System.err.println("warning: " + policy.warning());
            }
            return policy;
        });
    }
}
