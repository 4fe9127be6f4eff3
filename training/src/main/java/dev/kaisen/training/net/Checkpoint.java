package dev.kaisen.training.net;

import dev.kaisen.env.Game;
import dev.kaisen.env.Json;
import dev.kaisen.env.UserFiles;
import dev.kaisen.observation.Encoder;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.LayoutHash;
import dev.kaisen.training.config.PpoConfig;
import org.deeplearning4j.nn.graph.ComputationGraph;
import org.deeplearning4j.util.ModelSerializer;

import java.io.IOException;
import java.io.InputStream;
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
 * <p>Every entry is bounded before it is read ({@link #checkEntries}): DL4J's reader takes each
 * entry whole into memory, so the arrays of numbers may hold what the network declared in
 * {@code configuration.json} needs, every other entry {@link #MAX_SMALL_ENTRY_BYTES}; the refusal
 * names the entry. And a recorded layout must agree with the checkpoint's own network and config.
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
    // DL4J's entries
    static final String NETWORK = "configuration.json";
    static final String COEFFICIENTS = "coefficients.bin";
    static final String UPDATER = "updaterState.bin";
    /** An entry DL4J's reader would turn into Java objects by deserialization; Kaisen never writes it. */
    static final String PREPROCESSOR = "preprocessor.bin";

    /**
     * [decision] The inflated size of every entry that is not an array of the network's numbers:
     * {@value #NETWORK} is about 8 KB for two hidden layers (some 1.5 KB a layer), Kaisen's JSON
     * entries under 1 KB each.
     */
    public static final long MAX_SMALL_ENTRY_BYTES = 1 << 20;
    /**
     * [decision] The most parameters a checkpoint's network may declare: far beyond what a 2-core
     * machine trains (the default [128, 128] net on Osaka has 85,185; [4096, 4096] about 19 million).
     */
    public static final long MAX_PARAMETERS = 1L << 26;
    /** [decision] Values per parameter an updater state may hold: Adam, the trainer's, keeps 2; room for 4. */
    static final int UPDATER_VALUES = 4;
    /**
     * [decision] What loading a checkpoint takes per parameter, at most: DL4J reads the weights'
     * bytes, then their array (8 bytes each, twice), and an updater state of up to
     * {@link #UPDATER_VALUES} values. A network that needs more than half the heap is refused.
     */
    static final long LOAD_BYTES_PER_PARAMETER = 2 * Double.BYTES + UPDATER_VALUES * Double.BYTES;
    /** [decision] Room for an array's header beside its numbers (ND4J's shape and type names: about 120 bytes). */
    static final long ARRAY_HEADER_BYTES = 64 << 10;

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
            network = new PolicyNetwork(restore(zip, source, config, false));
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
                return readBounded(in, name, MAX_SMALL_ENTRY_BYTES);
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
        try {
            UserFiles.writeAtomically(target, tmp -> {
                ModelSerializer.writeModel(network.graph(), tmp.toFile(), saveUpdater);
                try (FileSystem zip = FileSystems.newFileSystem(tmp)) {
                    for (Map.Entry<String, byte[]> e : entries.entrySet()) {
                        Files.write(zip.getPath(e.getKey()), e.getValue());
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write checkpoint " + target + ": " + UserFiles.why(e), e);
        }
    }

    /** Copies a checkpoint atomically (temporary file + rename). */
    public static void copy(Path from, Path to) {
        try {
            UserFiles.writeAtomically(to, tmp -> Files.copy(from, tmp, StandardCopyOption.REPLACE_EXISTING));
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
            long parameters = checkEntries(zip, file, config);
            List<MlpWeights> snapshots = new ArrayList<>();
            for (int i = 0; zip.getEntry(SNAPSHOTS + i + ".bin") != null; i++) {
                String name = SNAPSHOTS + i + ".bin";
                try (InputStream in = zip.getInputStream(zip.getEntry(name))) {
                    snapshots.add(MlpWeights.read(readBounded(in, name, snapshotLimit(parameters))));
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
            PolicyNetwork network = new PolicyNetwork(restore(zip, file, config, false));
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
            MlpWeights weights = new PolicyNetwork(restore(zip, file, config, false)).export();
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
        return Json.mapper().treeToValue(tree, PpoConfig.Builder.class).build().validate();
    }

    /**
     * Checks the layout a checkpoint recorded against this build's layout of its game, config and
     * view: a different hash is refused. A checkpoint without a recorded layout is accepted when
     * its network's sizes ({@code inputs}, {@code actions}) match, with the warning returned;
     * otherwise refused. A recorded layout must also agree with the checkpoint's other parts: its
     * sizes with the network's, its game and view with the config's. Returns null when the layout
     * matched.
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
        List<String> disagree = new ArrayList<>();
        if (then.observationSize() != inputs) {
            disagree.add(LAYOUT + " says observationSize " + then.observationSize() + ", but its network has " + inputs
                    + " inputs");
        }
        if (then.numActions() != actions) {
            disagree.add(LAYOUT + " says numActions " + then.numActions() + ", but its network has " + actions
                    + " actions");
        }
        if (then.game() != null && !then.game().equals(now.game())) {
            disagree.add(LAYOUT + " says game " + then.game() + ", but " + CONFIG + " says " + now.game());
        }
        if (then.view() != null && !then.view().equals(now.view())) {
            disagree.add(LAYOUT + " says view " + then.view() + ", but " + CONFIG + " says " + now.view());
        }
        if (then.observationSize() == inputs && inputs != now.observationSize()) {
            disagree.add("its network has " + inputs + " inputs, but its layout (hash " + then.layoutHash() + ") has "
                    + now.observationSize());
        }
        if (then.numActions() == actions && actions != now.numActions()) {
            disagree.add("its network has " + actions + " actions, but its layout (hash " + then.layoutHash() + ") has "
                    + now.numActions());
        }
        if (!disagree.isEmpty()) {
            throw new LayoutMismatch("checkpoint " + file + " disagrees with itself: " + String.join("; ", disagree)
                    + " (an edited or damaged file); retrain, or use an unchanged copy");
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
            return readBounded(in, name, MAX_SMALL_ENTRY_BYTES);
        }
    }

    /** The network of {@code file} as DL4J reads it, once {@link #checkEntries} found every entry within bounds. */
    private static ComputationGraph restore(ZipFile zip, Path file, PpoConfig config, boolean updater)
            throws IOException {
        checkEntries(zip, file, config);
        return ModelSerializer.restoreComputationGraph(file.toFile(), updater);
    }

    /**
     * Checks, before DL4J reads the file, what every entry inflates to: DL4J's reader takes each
     * entry whole into memory at the size its header declares, so a zip of a megabyte whose
     * {@value #COEFFICIENTS} inflates to a gigabyte exhausted the heap. The arrays of numbers
     * ({@value #COEFFICIENTS}, {@value #UPDATER}, the snapshots) may hold what the network that
     * {@value #NETWORK} declares needs (its parameters, at most {@link #MAX_PARAMETERS}), every
     * other entry {@link #MAX_SMALL_ENTRY_BYTES}; there are at most {@code poolSize} snapshots, and
     * no {@value #PREPROCESSOR} (DL4J would deserialize Java objects from it). The entries are
     * walked as DL4J walks them (their local headers, in file order), declared and inflated sizes
     * both. Returns the network's parameter count.
     */
    static long checkEntries(ZipFile zip, Path file, PpoConfig config) throws IOException {
        long parameters = parameters(entry(zip, file, NETWORK));
        checkHeap(parameters, Runtime.getRuntime().maxMemory());
        int snapshots = 0;
        byte[] buffer = new byte[1 << 16];
        try (java.util.zip.ZipInputStream in = new java.util.zip.ZipInputStream(Files.newInputStream(file))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                String name = e.getName();
                if (name.equals(PREPROCESSOR)) {
                    throw new IOException("it has an entry " + name + ", which ./kaisen train never writes (DL4J would "
                            + "deserialize Java objects from it); refused");
                }
                if (name.startsWith(SNAPSHOTS) && ++snapshots > config.poolSize) {
                    throw new IOException("it has more than its pool size of " + config.poolSize + " snapshots ("
                            + SNAPSHOTS + "N.bin entries); refused");
                }
                long limit = limit(name, parameters);
                if (e.getSize() > limit) {
                    throw tooLarge(name, e.getSize(), limit, parameters);
                }
                // the header may not say (or lie): count what inflates, stopping one byte past the limit
                long n = 0;
                for (int r; n <= limit && (r = in.read(buffer, 0, (int) Math.min(buffer.length, limit + 1 - n))) > 0; ) {
                    n += r;
                }
                if (n > limit) {
                    throw tooLarge(name, null, limit, parameters);
                }
            }
        }
        return parameters;
    }

    /** Refuses a network of {@code parameters} whose loading would take more than half of {@code heap} bytes. */
    static void checkHeap(long parameters, long heap) throws IOException {
        long needs = parameters * LOAD_BYTES_PER_PARAMETER;
        if (needs > heap / 2) {
            throw new IOException(String.format("its network (%s) declares %,d parameters, which take about %,d MB to "
                    + "load, more than half of this JVM's %,d MB heap: a damaged file, or give the JVM more memory "
                    + "(KAISEN_JAVA_OPTS=-Xmx...)", NETWORK, parameters, needs >> 20, heap >> 20));
        }
    }

    /** What entry {@code name} may inflate to, for a network of {@code parameters}. */
    private static long limit(String name, long parameters) {
        if (name.equals(COEFFICIENTS)) {
            return parameters * Double.BYTES + ARRAY_HEADER_BYTES;
        }
        if (name.equals(UPDATER)) {
            return parameters * UPDATER_VALUES * Double.BYTES + ARRAY_HEADER_BYTES;
        }
        if (name.startsWith(SNAPSHOTS)) {
            return snapshotLimit(parameters);
        }
        return MAX_SMALL_ENTRY_BYTES;
    }

    /** A snapshot ({@link MlpWeights}): one float a parameter, after a header of layer sizes. */
    private static long snapshotLimit(long parameters) {
        return parameters * Float.BYTES + ARRAY_HEADER_BYTES;
    }

    /** @param size the size the entry's header declares, or null: it inflated past the limit */
    private static IOException tooLarge(String name, Long size, long limit, long parameters) {
        boolean numbers = name.equals(COEFFICIENTS) || name.equals(UPDATER) || name.startsWith(SNAPSHOTS);
        return new IOException("its entry " + name + " inflates to "
                + (size == null ? "" : String.format("%,d", size) + " bytes, ") + "more than the "
                + String.format("%,d", limit) + " bytes "
                + (numbers ? "that the network its " + NETWORK + " declares (" + String.format("%,d", parameters)
                + " parameters) can need" : "allowed for it") + ": a damaged file, or not written by ./kaisen train");
    }

    /**
     * The parameters of the network {@value #NETWORK} declares: each layer's {@code nin x nout}
     * weights and {@code nout} biases (a Kaisen network is dense layers only, see {@link PolicyNetwork}).
     */
    static long parameters(byte[] json) throws IOException {
        com.fasterxml.jackson.databind.JsonNode vertices = Json.mapper().readTree(json).path("vertices");
        long total = 0;
        for (java.util.Iterator<Map.Entry<String, com.fasterxml.jackson.databind.JsonNode>> it = vertices.fields();
             it.hasNext(); ) {
            Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> v = it.next();
            com.fasterxml.jackson.databind.JsonNode layer = v.getValue().path("layerConf").path("layer");
            if (layer.isMissingNode()) {
                continue; // a vertex without parameters
            }
            long in = layer.path("nin").asLong(-1);
            long out = layer.path("nout").asLong(-1);
            if (in < 1 || out < 1 || in > MAX_PARAMETERS || out > MAX_PARAMETERS) {
                throw new IOException(NETWORK + ": layer " + v.getKey() + " declares no sizes nin, nout from 1 to "
                        + MAX_PARAMETERS + " (a Kaisen network is dense layers)");
            }
            total += in * out + (layer.path("hasBias").asBoolean(true) ? out : 0);
            if (total > MAX_PARAMETERS) {
                throw new IOException(NETWORK + " declares a network of more than " + String.format("%,d", MAX_PARAMETERS)
                        + " parameters; refused");
            }
        }
        return total;
    }

    /** Reads {@code in} whole, refusing more than {@code max} bytes with a message naming the entry. */
    public static byte[] readBounded(InputStream in, String name, long max) throws IOException {
        byte[] data = in.readNBytes((int) Math.min(max + 1, Integer.MAX_VALUE - 8));
        if (data.length > max) {
            throw new IOException("its entry " + name + " inflates to more than the " + String.format("%,d", max)
                    + " bytes allowed for it: a damaged file, or not written by ./kaisen train");
        }
        return data;
    }
}
