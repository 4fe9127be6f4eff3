package dev.kaisen.training.ppo;

import dev.kaisen.env.Game;
import dev.kaisen.env.Json;
import dev.kaisen.env.UserFiles;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.LayoutHash;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A training checkpoint: one zip that DL4J's {@link ModelSerializer} reads as a model
 * (network configuration, weights and the Adam state), with Kaisen's entries beside:
 * {@code kaisen-config.json} (the {@link PpoConfig}), {@code kaisen-progress.json}
 * ({@link Progress}), {@code kaisen-snapshot-N.bin} (the self-play pool as
 * {@link MlpWeights}) and {@code kaisen-layout.json} ({@link Layout}: the layout hash of the
 * game, config and view it was trained on, see {@link LayoutHash}).
 *
 * <p>Every read checks the layout: a checkpoint whose recorded hash differs from this build's
 * hash for its game, config and view is refused with a message saying what it was trained on
 * (its network would read another layout's values). [decision] A checkpoint written before
 * layouts were recorded (no {@code kaisen-layout.json}) is loaded when its network's input and
 * action counts match this build's layout, with a warning that the layout could not be checked
 * ({@link Loaded#warning}, {@link Policy#warning}); otherwise it is refused.
 *
 * <p>Writes are atomic: everything goes to a temporary file in the same folder, which is
 * then renamed over the target, so a killed run leaves either the old or the new checkpoint.
 */
public final class Checkpoint {
    // flat names: DL4J's reader rejects directory entries
    static final String CONFIG = "kaisen-config.json";
    static final String PROGRESS = "kaisen-progress.json";
    static final String SNAPSHOTS = "kaisen-snapshot-";
    static final String LAYOUT = "kaisen-layout.json";

    /** What a checkpoint records of the layout it was trained on. */
    public record Layout(String layoutHash, String game, Map<String, Object> config, String view, int observationSize,
                         int numActions) {
        /** This build's layout of a run's game, config and view. */
        public static Layout of(PpoConfig config) {
            Game<?> g = config.game();
            Encoder<?> e = Encoders.create(g, config.view);
            return new Layout(LayoutHash.of(g, e), g.id(), g.config().toMap(), e.view(), e.size(),
                    g.numDistinctActions());
        }

        String describe() {
            return game + " " + Json.write(config, false) + ", view " + view + " (" + observationSize + " inputs, "
                    + numActions + " actions, layout " + layoutHash + ")";
        }
    }

    /** Where a run stands; enough to continue it. */
    public record Progress(long step, long iteration, long episodes, long rng, double bestScore, long bestStep,
                           long nextEval, long nextSnapshot, double seconds) {
    }

    /** @param warning null, or why the layout could not be checked (a checkpoint older than layout hashes) */
    public record Loaded(PolicyNetwork network, PpoConfig config, Progress progress, List<MlpWeights> snapshots,
                         String warning) {
    }

    /**
     * A trained policy and the config it was trained with (its game, game config and observation view).
     *
     * @param warning null, or why the layout could not be checked (a checkpoint older than layout hashes)
     */
    public record Policy(MlpWeights weights, PpoConfig config, String warning) {
    }

    private Checkpoint() {
    }

    public static void write(Path target, PolicyNetwork network, PpoConfig config, Progress progress,
                             List<MlpWeights> snapshots) {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        entries.put(CONFIG, json(config));
        entries.put(PROGRESS, json(progress));
        entries.put(LAYOUT, json(Layout.of(config)));
        for (int i = 0; i < snapshots.size(); i++) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            try {
                snapshots.get(i).write(out);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            entries.put(SNAPSHOTS + i + ".bin", out.toByteArray());
        }
        writeZip(target, network, true, entries);
    }

    /**
     * A slim copy of {@code source} for playing only (a model of the zoo): the network without its
     * optimizer state, the source's config, progress and recorded layout, no snapshot pool, and
     * {@code extra} entries beside (e.g. the zoo's metadata). It is still a checkpoint: every
     * reader of this class accepts it ({@link #read} with an empty pool). A source that records no
     * layout is refused: a packed model must be checkable by every later build.
     */
    public static void writeSlim(Path source, Path target, Map<String, byte[]> extra) {
        NativeBackend.require("packing checkpoint " + source);
        Map<String, byte[]> entries = new LinkedHashMap<>();
        PolicyNetwork network;
        try (ZipFile zip = open(source)) {
            PpoConfig config = config(entry(zip, source, CONFIG));
            if (zip.getEntry(LAYOUT) == null) {
                throw new IllegalArgumentException("checkpoint " + source + " records no layout (written before "
                        + "layout hashes), so a packed copy could not be checked by later builds; retrain it");
            }
            network = new PolicyNetwork(ModelSerializer.restoreComputationGraph(source.toFile(), false));
            checkLayout(zip, source, config, network.inputSize(), network.actions());
            entries.put(CONFIG, entry(zip, source, CONFIG));
            entries.put(PROGRESS, entry(zip, source, PROGRESS));
            entries.put(LAYOUT, entry(zip, source, LAYOUT));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + source + ": " + UserFiles.why(e), e);
        }
        entries.putAll(extra);
        writeZip(target, network, false, entries);
    }

    /** One entry of a checkpoint, or null when it has none (e.g. the zoo's metadata of a training checkpoint). */
    public static byte[] entry(Path file, String name) {
        try (ZipFile zip = open(file)) {
            ZipEntry e = zip.getEntry(name);
            if (e == null) {
                return null;
            }
            try (InputStream in = zip.getInputStream(e)) {
                return in.readAllBytes();
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + UserFiles.why(e), e);
        }
    }

    /** A checkpoint's run settings (its game, players, options and view among them). */
    public static PpoConfig readConfig(Path file) {
        try (ZipFile zip = open(file)) {
            return config(entry(zip, file, CONFIG));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + UserFiles.why(e), e);
        }
    }

    /** Where the run stood when a checkpoint was written (its step, training seconds). */
    public static Progress readProgress(Path file) {
        try (ZipFile zip = open(file)) {
            return Json.mapper().readValue(entry(zip, file, PROGRESS), Progress.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + UserFiles.why(e), e);
        }
    }

    /** The number of self-play snapshots a checkpoint holds (none in a slim one, see {@link #writeSlim}). */
    public static int snapshotCount(Path file) {
        try (ZipFile zip = open(file)) {
            int n = 0;
            while (zip.getEntry(SNAPSHOTS + n + ".bin") != null) {
                n++;
            }
            return n;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + UserFiles.why(e), e);
        }
    }

    private static byte[] json(Object value) {
        try {
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The network (with or without its updater state) and Kaisen's entries, written atomically to {@code target}. */
    private static void writeZip(Path target, PolicyNetwork network, boolean saveUpdater, Map<String, byte[]> entries) {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            ModelSerializer.writeModel(network.graph(), tmp.toFile(), saveUpdater);
            try (FileSystem zip = FileSystems.newFileSystem(tmp)) {
                for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                    Files.write(zip.getPath(e.getKey()), e.getValue());
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
            PolicyNetwork network = new PolicyNetwork(graph);
            String warning = checkLayout(zip, file, config, network.inputSize(), network.actions());
            return new Loaded(network, config, progress, snapshots, warning);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + UserFiles.why(e), e);
        }
    }

    /** The network alone (no optimizer state), for agents. */
    public static PolicyNetwork readNetwork(Path file) {
        NativeBackend.require("reading checkpoint " + file);
        try (ZipFile zip = open(file)) {
            PpoConfig config = config(entry(zip, file, CONFIG));
            PolicyNetwork network = new PolicyNetwork(ModelSerializer.restoreComputationGraph(file.toFile(), false));
            checkLayout(zip, file, config, network.inputSize(), network.actions());
            return network;
        } catch (LayoutMismatch e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("cannot read checkpoint " + file + ": " + e.getMessage(), e);
        }
    }

    /** The policy alone (weights and config), for agents; the layout checked as by {@link #read}. */
    public static Policy readPolicy(Path file) {
        try (ZipFile zip = open(file)) {
            PpoConfig config = config(entry(zip, file, CONFIG));
            MlpWeights weights = new PolicyNetwork(ModelSerializer.restoreComputationGraph(file.toFile(), false)).export();
            String warning = checkLayout(zip, file, config, weights.inputSize(), weights.actions());
            return new Policy(weights, config, warning);
        } catch (LayoutMismatch e) {
            throw e;
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

    /**
     * Checks the layout a checkpoint recorded against this build's layout of its game, config and
     * view: a different hash is refused. A checkpoint without a recorded layout is accepted when
     * its network's sizes ({@code inputs}, {@code actions}) match, with the warning returned;
     * otherwise refused. Returns null when the layout matched.
     */
    static String checkLayout(ZipFile zip, Path file, PpoConfig config, int inputs, int actions) throws IOException {
        Layout now = Layout.of(config);
        ZipEntry e = zip.getEntry(LAYOUT);
        if (e == null) {
            if (inputs != now.observationSize() || actions != now.numActions()) {
                throw new LayoutMismatch("checkpoint " + file + " records no layout (written before layout "
                        + "hashes) and its network (" + inputs + " inputs, " + actions + " actions) does not fit this "
                        + "build's layout of " + now.describe() + "; retrain, or use the Kaisen version it was "
                        + "trained with");
            }
            return "checkpoint " + file + " records no layout (written before layout hashes): its sizes fit "
                    + now.describe() + ", but whether its values mean the same could not be checked";
        }
        Layout then;
        try (InputStream in = zip.getInputStream(e)) {
            then = Json.mapper().readValue(in, Layout.class);
        }
        if (!now.layoutHash().equals(then.layoutHash())) {
            throw new LayoutMismatch("checkpoint " + file + " was trained on the layout of " + then.describe()
                    + ", but this build lays out " + now.describe() + ": the observation segments or the action "
                    + "table changed since, so its network cannot read these observations; retrain, or use the "
                    + "Kaisen version it was trained with");
        }
        return null;
    }

    /** A checkpoint refused because its layout is not this build's (the message says both). */
    public static final class LayoutMismatch extends IllegalArgumentException {
        LayoutMismatch(String message) {
            super(message);
        }
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
