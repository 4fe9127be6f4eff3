package dev.kaisen.training.ppo;

import dev.kaisen.env.Json;
import dev.kaisen.env.UserFiles;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.util.ModelSerializer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A training checkpoint: one zip that DL4J's {@link ModelSerializer} reads as a model
 * (network configuration, weights and the Adam state), with Kaisen's entries beside:
 * {@code kaisen-config.json} (the {@link PpoConfig}), {@code kaisen-progress.json}
 * ({@link Progress}) and {@code kaisen-snapshot-N.bin} (the self-play pool as
 * {@link MlpWeights}).
 *
 * <p>Writes are atomic: everything goes to a temporary file in the same folder, which is
 * then renamed over the target, so a killed run leaves either the old or the new checkpoint.
 */
public final class Checkpoint {
    // flat names: DL4J's reader rejects directory entries
    static final String CONFIG = "kaisen-config.json";
    static final String PROGRESS = "kaisen-progress.json";
    static final String SNAPSHOTS = "kaisen-snapshot-";

    /** Where a run stands; enough to continue it. */
    public record Progress(long step, long iteration, long episodes, long rng, double bestScore, long bestStep,
                           long nextEval, long nextSnapshot, double seconds) {
    }

    public record Loaded(PolicyNetwork network, PpoConfig config, Progress progress, List<MlpWeights> snapshots) {
    }

    /** A trained policy and the config it was trained with (its game, game config and observation view). */
    public record Policy(MlpWeights weights, PpoConfig config) {
    }

    private Checkpoint() {
    }

    public static void write(Path target, PolicyNetwork network, PpoConfig config, Progress progress,
                             List<MlpWeights> snapshots) {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            ModelSerializer.writeModel(network.graph(), tmp.toFile(), true);
            try (FileSystem zip = FileSystems.newFileSystem(tmp)) {
                Files.write(zip.getPath(CONFIG), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(config));
                Files.write(zip.getPath(PROGRESS), Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(progress));
                for (int i = 0; i < snapshots.size(); i++) {
                    try (OutputStream out = Files.newOutputStream(zip.getPath(SNAPSHOTS + i + ".bin"))) {
                        snapshots.get(i).write(out);
                    }
                }
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            tmp = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write checkpoint " + target + ": " + UserFiles.why(e), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the failure above is the one to report
                }
            }
        }
    }

    /** Copies a checkpoint atomically (temporary file + rename). */
    public static void copy(Path from, Path to) {
        try {
            Path tmp = Files.createTempFile(to.toAbsolutePath().getParent(), "." + to.getFileName(), ".tmp");
            Files.copy(from, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(tmp, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy checkpoint to " + to + ": " + UserFiles.why(e), e);
        }
    }

    /** Everything needed to resume: network with its optimizer state, config, progress, pool. */
    public static Loaded read(Path file) {
        NativeBackend.require("reading checkpoint " + file);
        try (ZipFile zip = open(file)) {
            PpoConfig config = config(entry(zip, file, CONFIG));
            Progress progress = Json.mapper().readValue(entry(zip, file, PROGRESS), Progress.class);
            List<MlpWeights> snapshots = new ArrayList<>();
            for (int i = 0; zip.getEntry(SNAPSHOTS + i + ".bin") != null; i++) {
                try (InputStream in = zip.getInputStream(zip.getEntry(SNAPSHOTS + i + ".bin"))) {
                    snapshots.add(MlpWeights.read(in));
                }
            }
            ComputationGraph graph = ModelSerializer.restoreComputationGraph(file.toFile(), true);
            return new Loaded(new PolicyNetwork(graph), config, progress, snapshots);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + UserFiles.why(e), e);
        }
    }

    /** The network alone (no optimizer state), for agents. */
    public static PolicyNetwork readNetwork(Path file) {
        NativeBackend.require("reading checkpoint " + file);
        try (ZipFile zip = open(file)) {
            entry(zip, file, CONFIG);
            return new PolicyNetwork(ModelSerializer.restoreComputationGraph(file.toFile(), false));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + e.getMessage(), e);
        }
    }

    static Policy readPolicy(Path file) {
        try (ZipFile zip = open(file)) {
            PpoConfig config = config(entry(zip, file, CONFIG));
            return new Policy(new PolicyNetwork(ModelSerializer.restoreComputationGraph(file.toFile(), false)).export(),
                    config);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The run's settings. Checkpoints written before observation views existed (no {@code view})
     * were trained on what is now Osaka's memoryless {@code observation} view, the same 427-float
     * layout, so they keep playing with it.
     */
    static PpoConfig config(byte[] json) throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode tree =
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.mapper().readTree(json);
        if (!tree.has("view")) {
            tree.put("view", dev.kaisen.observation.Encoders.OBSERVATION);
        }
        return Json.mapper().treeToValue(tree, PpoConfig.class).validate();
    }

    private static ZipFile open(Path file) throws IOException {
        try {
            return new ZipFile(file.toFile());
        } catch (java.util.zip.ZipException e) {
            throw new IOException("not a zip file (" + e.getMessage() + ")", e);
        }
    }

    private static byte[] entry(ZipFile zip, Path file, String name) throws IOException {
        ZipEntry e = zip.getEntry(name);
        if (e == null) {
            throw new IOException(file + " has no " + name + ": not a checkpoint written by ./kaisen train");
        }
        try (InputStream in = zip.getInputStream(e)) {
            return in.readAllBytes();
        }
    }
}
