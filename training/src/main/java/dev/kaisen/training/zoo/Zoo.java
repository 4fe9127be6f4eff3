package dev.kaisen.training.zoo;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.kaisen.env.Game;
import dev.kaisen.env.Json;
import dev.kaisen.env.UserFiles;
import dev.kaisen.training.config.ExitConfig;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.Dl4jProvider;
import dev.kaisen.training.net.NativeBackend;
import dev.kaisen.training.net.NeuralAgent;
import dev.kaisen.training.ppo.RunInfo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The model zoo: small trained policies playable by name ({@code zoo:osaka-2p}) wherever agents
 * are named. A zoo model is a slim checkpoint ({@link Checkpoint#writeSlim}: the network without
 * optimizer state or self-play pool, its config and layout) plus {@code kaisen-zoo.json}
 * ({@link Metadata}: how it was made), written by {@code ./kaisen zoo pack}. Being a checkpoint,
 * it also plays as {@code dl4j:models/NAME.zip}.
 *
 * <p>Where models are found: the repository's {@code models/} folder is packaged into the
 * training jar under {@value #RESOURCES} (see the training module's POM), so the jar, the wheel
 * and Python find them without a path; the folder named by the system property
 * {@value #DIR_PROPERTY} or else the environment variable {@value #DIR_ENV} (models packed since
 * the build, or kept elsewhere) is read too, and its models win over packaged ones of the same
 * name. A model's name is its file name without {@code .zip}: {@code GAME-Np}, optionally
 * followed by {@code -VARIANT}.
 */
public final class Zoo {
    public static final String PREFIX = "zoo";
    /** The class-path folder of the packaged models; its README.md marks it (it is copied with them). */
    public static final String RESOURCES = "dev/kaisen/zoo/";
    public static final String DIR_PROPERTY = "kaisen.zoo.dir";
    public static final String DIR_ENV = "KAISEN_ZOO_DIR";
    /** The metadata entry a packed model carries beside the checkpoint's own. */
    public static final String METADATA = "kaisen-zoo.json";
    private static final String MARKER = RESOURCES + "README.md";
    /** GAME-Np[-VARIANT]; a game id may hold hyphens itself ({@code floating-market-2p}). */
    static final Pattern NAME = Pattern.compile("[a-z0-9_]+(-[a-z0-9_]+)*-[0-9]+p(-[a-z0-9_]+)*");

    /**
     * How a zoo model was made, stored in it as {@value #METADATA}.
     *
     * @param step            the learner steps the source checkpoint had trained for
     * @param trainingSeconds wall-clock training time up to that step
     * @param hardware        the machine that trained it (null when unknown)
     * @param command         the command that trained it
     * @param source          the checkpoint it was packed from, as given to {@code zoo pack}
     * @param evaluations     its measured strength ({@code ./kaisen zoo measure}); empty for a model
     *                        packed (or packed again) since it was last measured
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Metadata(String name, String game, int players, Map<String, Object> options, String view,
                           int[] hidden, long step, double trainingSeconds, String hardware, String command,
                           String notes, String source, String packed, List<Evaluation> evaluations) {
        public Metadata {
            evaluations = evaluations == null ? List.of() : List.copyOf(evaluations);
        }

        /** This metadata with {@code e} in place of any earlier evaluation against the same opponent. */
        public Metadata with(Evaluation e) {
            List<Evaluation> all = new ArrayList<>();
            for (Evaluation old : evaluations) {
                if (!(old.opponent().equals(e.opponent()) && old.protocol().equals(e.protocol()))) {
                    all.add(old);
                }
            }
            all.add(e);
            return new Metadata(name, game, players, options, view, hidden, step, trainingSeconds, hardware, command,
                    notes, source, packed, all);
        }
    }

    /**
     * One measurement of a model's strength: the model against copies of {@code opponent}, seats
     * rotated ({@code head-to-head}), as {@code command} reproduces it.
     *
     * @param winRate    the model's share of wins (a shared win counts as its share), with its 95%
     *                   Wilson interval {@code [winRateLow, winRateHigh]}
     * @param meanScore  the model's mean score, {@code opponentMeanScore} the opponents'
     * @param measured   when it was measured (ISO-8601)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Evaluation(String opponent, String protocol, int games, long seed, double winRate,
                             double winRateLow, double winRateHigh, double meanScore, double opponentMeanScore,
                             double seconds, int threads, String command, String measured) {
    }

    /**
     * A model found in the zoo.
     *
     * @param metadata null when the file is no packed model ({@link #problem} says why)
     * @param bytes    the file's size
     * @param location where it was found: a file path, or the class-path URL of a packaged one
     */
    public record Model(String name, Metadata metadata, long bytes, String location, String problem) {
        /** What a listing shows of it (name, metadata, size, location), e.g. for Python. */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", name);
            if (metadata != null) {
                m.putAll(Json.mapper().convertValue(metadata, Map.class));
                m.put("name", name);
            }
            m.put("bytes", bytes);
            m.put("location", location);
            if (problem != null) {
                m.put("problem", problem);
            }
            return m;
        }
    }

    /** A model file: on disk ({@code file}) or a class-path resource ({@code resource}). */
    private record Found(String name, Path file, URL resource, long bytes) {
        String location() {
            return file != null ? file.toString() : resource.toString();
        }

        InputStream open() throws IOException {
            return file != null ? Files.newInputStream(file) : resource.openStream();
        }
    }

    private static volatile List<Model> packaged;
    private static final Map<String, Checkpoint.Policy> POLICIES = new ConcurrentHashMap<>();

    private Zoo() {
    }

    /**
     * The models that play {@code game} (its id, player count and options) as agent names
     * ({@code zoo:NAME}), sorted by name; a model that cannot play it is left out.
     */
    public static List<String> agentsFor(dev.kaisen.env.Game<?> game) {
        List<String> out = new ArrayList<>();
        for (Model m : models()) {
            if (m.metadata() != null && m.problem() == null && m.metadata().game().equals(game.id())
                    && m.metadata().players() == game.numPlayers()) {
                try {
                    dev.kaisen.env.Agents.validate(game, List.of("zoo:" + m.name()));
                    out.add("zoo:" + m.name());
                } catch (IllegalArgumentException e) {
                    // trained with other options of the game (or another view): not this game's
                }
            }
        }
        return out;
    }

    /** Every model, sorted by name: the packaged ones and those of the zoo folder (which win on equal names). */
    public static List<Model> models() {
        Map<String, Model> byName = new LinkedHashMap<>();
        for (Model m : packagedModels()) {
            byName.put(m.name(), m);
        }
        Path dir = directory();
        if (dir != null) {
            for (Found f : inDirectory(dir)) {
                byName.put(f.name(), describe(f));
            }
        }
        List<Model> out = new ArrayList<>(byName.values());
        out.sort(Comparator.comparing(Model::name));
        return out;
    }

    /** The models packaged on the class path (the jar's copy of {@code models/}), read once. */
    public static List<Model> packagedModels() {
        if (packaged == null) {
            List<Model> out = new ArrayList<>();
            for (Found f : onClassPath()) {
                out.add(describe(f));
            }
            out.sort(Comparator.comparing(Model::name));
            packaged = List.copyOf(out);
        }
        return packaged;
    }

    /** The zoo folder outside the jar, from {@value #DIR_PROPERTY} or {@value #DIR_ENV}; null when neither is set. */
    public static Path directory() {
        String d = System.getProperty(DIR_PROPERTY);
        if (d == null || d.isBlank()) {
            d = System.getenv(DIR_ENV);
        }
        return d == null || d.isBlank() ? null : Path.of(d);
    }

    /**
     * The model called {@code name} ({@code zoo:} prefix and {@code :greedy|sample} suffix allowed).
     * It is looked up directly (its file in the zoo folder, else the packaged models, read once);
     * the zoo folder is listed only when that finds nothing (the error names every model).
     */
    public static Model model(String name) {
        String n = bare(name);
        Model m = direct(n);
        List<Model> all = null;
        if (m == null) {
            all = models();
            m = all.stream().filter(o -> o.name().equals(n)).findFirst().orElse(null);
        }
        if (m == null) {
            throw new IllegalArgumentException("unknown zoo model '" + n + "' (available: " + names(all)
                    + "; models are packed into models/ with ./kaisen zoo pack, see models/README.md)");
        }
        if (m.problem() != null) {
            throw new IllegalArgumentException("zoo model " + n + " (" + m.location() + ") cannot be used: "
                    + m.problem());
        }
        return m;
    }

    /**
     * The model {@code n} without listing the zoo folder: its file {@code n.zip} there (which wins),
     * else the packaged one; null when neither is found so (also for a name that is no {@code GAME-Np}
     * while a zoo folder is set: the listing of the folder decides then).
     */
    private static Model direct(String n) {
        Path dir = directory();
        if (dir != null) {
            requireFolder(dir);
            if (!NAME.matcher(n).matches()) {
                return null; // any file name may be a model there: the listing decides
            }
            Path file = dir.resolve(n + ".zip");
            if (Files.isRegularFile(file)) {
                return describe(found(file));
            }
        }
        for (Model m : packagedModels()) {
            if (m.name().equals(n)) {
                return m;
            }
        }
        return null;
    }

    /** The policy of a zoo model, for any use (e.g. a search guided by it); read once and cached. */
    public static Checkpoint.Policy policy(String name) {
        return policy(model(name));
    }

    private static Checkpoint.Policy policy(Model m) {
        if (!m.location().startsWith("jar:")) {
            return Dl4jProvider.load(Path.of(m.location())); // cached per version of the file
        }
        return POLICIES.computeIfAbsent(m.location(), k -> load(m));
    }

    /**
     * The policy of a zoo model that can play {@code game}: a model of another game, player count
     * or options is refused, the message naming the zoo models of this game.
     */
    public static Checkpoint.Policy policyFor(Game<?> game, String name) {
        Model m = model(name);
        Metadata md = m.metadata();
        if (!md.game().equals(game.id())) {
            throw new IllegalArgumentException("zoo model " + m.name() + " plays " + md.game() + " and cannot play "
                    + game.id() + hint(game));
        }
        if (md.players() != game.numPlayers()) {
            throw new IllegalArgumentException("zoo model " + m.name() + " was trained for " + md.players()
                    + " players and cannot play a " + game.numPlayers() + "-player game of " + game.id() + hint(game));
        }
        Checkpoint.Policy policy = policy(m);
        policy.config().requirePlays(game, "zoo:" + m.name());
        return policy;
    }

    /** The zoo models that fit {@code game} (game and player count), for an error message: lists every model. */
    private static String hint(Game<?> game) {
        String mine = names(models().stream().filter(o -> o.metadata() != null && o.metadata().game().equals(game.id())
                && o.metadata().players() == game.numPlayers()).toList());
        return "; zoo models for " + game.numPlayers() + "-player " + game.id() + ": " + mine;
    }

    /**
     * Packs {@code source} (a checkpoint of {@code ./kaisen train}) as the zoo model {@code name}
     * (null: {@code GAME-Np} of its config) into {@code modelsDir}. The command and hardware
     * default to the run folder's {@code run.json} ({@link RunInfo}); without one, the command is
     * rebuilt from the checkpoint's settings and the hardware is left unknown.
     */
    public static Model pack(Path source, Path modelsDir, String name, String command, String hardware, String notes) {
        if (!Files.isRegularFile(source)) {
            throw new IllegalArgumentException("no checkpoint at " + source + " (expected e.g. RUN/best.zip written by "
                    + "./kaisen train)");
        }
        NativeBackend.require("zoo pack");
        PpoConfig config = Checkpoint.readConfig(source);
        Checkpoint.Progress progress = Checkpoint.readProgress(source);
        String stem = config.game + "-" + config.players + "p";
        String n = name == null || name.isBlank() ? stem : name.trim();
        if (!NAME.matcher(n).matches() || !(n.equals(stem) || n.startsWith(stem + "-"))) {
            throw new IllegalArgumentException("zoo name '" + n + "' does not fit the checkpoint, which plays "
                    + config.players + "-player " + config.game + ": expected " + stem + " or " + stem
                    + "-VARIANT (lower-case letters, digits, _)");
        }
        Path parent = source.toAbsolutePath().getParent();
        RunInfo run = parent == null ? null : RunInfo.read(parent);
        String cmd = command != null && !command.isBlank() ? command
                : run != null && run.command() != null ? run.command() : trainCommand(config);
        String hw = hardware != null && !hardware.isBlank() ? hardware : run != null ? run.hardware() : null;
        Metadata md = new Metadata(n, config.game, config.players, config.options, config.view, config.hidden,
                progress.step(), progress.seconds(), hw, cmd, notes, source.toString(), Instant.now().toString(),
                List.of());
        Path target = modelsDir.resolve(n + ".zip");
        byte[] json;
        try {
            json = Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(md);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Checkpoint.writeSlim(source, target, Map.of(METADATA, json));
        return describe(found(target));
    }

    /**
     * The {@code ./kaisen train} command that the settings of {@code c} stand for (a checkpoint
     * without {@code run.json}); the run folder is not recorded, so {@code --out} is a placeholder.
     */
    static String trainCommand(PpoConfig c) {
        List<String> a = new ArrayList<>(List.of("./kaisen", "train", "--game", c.game, "--players",
                Integer.toString(c.players)));
        if (!c.options.isEmpty()) {
            a.addAll(List.of("--config", RunInfo.shellWord(Json.write(c.options, false))));
        }
        String hidden = Arrays.stream(c.hidden).mapToObj(Integer::toString).collect(Collectors.joining(","));
        if (c.algo == PpoConfig.Algo.EXIT && c.exit != null) {
            // expert iteration: its own options, none of PPO's (which train refuses with --algo exit)
            ExitConfig e = c.exit;
            a.addAll(List.of("--algo", PpoConfig.Algo.EXIT.id(), "--view", c.view, "--seed", Long.toString(c.seed), "--search",
                    Integer.toString(e.search), "--generations", Integer.toString(e.generations), "--games-per-gen",
                    Integer.toString(e.gamesPerGeneration), "--leaf-value", Double.toString(e.leafValue),
                    "--search-rollout", e.rollout, "--c", Double.toString(e.exploration), "--temperature-moves",
                    Integer.toString(e.temperatureMoves), "--noise", Double.toString(e.noiseWeight), "--noise-alpha",
                    Double.toString(e.noiseAlpha), "--buffer", Integer.toString(e.buffer), "--exit-epochs",
                    Double.toString(e.epochs), "--exit-minibatch", Integer.toString(e.minibatch), "--eval-every-gen",
                    Integer.toString(e.evalEvery), "--lr", Double.toString(c.learningRate), "--vf-coef",
                    Double.toString(c.vfCoef), "--max-grad-norm", Double.toString(c.maxGradNorm), "--hidden", hidden,
                    "--threads", Integer.toString(c.threads), "--eval-games", Integer.toString(c.evalGames)));
            if (e.guidedBest()) {
                a.addAll(List.of("--best-by", e.bestBy));
            }
            if (e.targetTemperature != ExitConfig.DEFAULTS.targetTemperature) {
                a.addAll(List.of("--target-temperature", Double.toString(e.targetTemperature)));
            }
        } else {
            a.addAll(List.of("--view", c.view, "--opponents", String.join(",", c.opponents), "--steps",
                    Long.toString(c.steps), "--seed", Long.toString(c.seed), "--envs", Integer.toString(c.envs),
                    "--rollout", Integer.toString(c.rollout), "--epochs", Integer.toString(c.epochs), "--minibatch",
                    Integer.toString(c.minibatch), "--lr", Double.toString(c.learningRate)));
            if (!c.annealLr) {
                a.add("--no-anneal-lr");
            }
            a.addAll(List.of("--ent-coef", Double.toString(c.entCoef), "--gamma", Double.toString(c.gamma),
                    "--gae-lambda", Double.toString(c.gaeLambda), "--clip", Double.toString(c.clip), "--vf-coef",
                    Double.toString(c.vfCoef), "--max-grad-norm", Double.toString(c.maxGradNorm)));
            if (!c.normalizeAdvantages) {
                a.add("--no-norm-adv");
            }
            a.addAll(List.of("--hidden", hidden, "--reward", c.rewardMode,
                    "--threads", Integer.toString(c.threads), "--eval-every", Long.toString(c.evalEvery),
                    "--eval-games", Integer.toString(c.evalGames), "--snapshot-every", Long.toString(c.snapshotEvery)));
        }
        if (c.init != null) {
            a.addAll(List.of("--init", RunInfo.shellWord(c.init)));
        }
        if (!c.evalOpponents.isEmpty()) {
            a.addAll(List.of("--eval-opponents", String.join(",", c.evalOpponents)));
        }
        a.addAll(List.of("--out", "RUN"));
        return String.join(" ", a);
    }

    /**
     * The model name of {@code zoo:NAME[:greedy|sample]}: only those suffixes are dropped, so a
     * misspelt one ({@code zoo:osaka-2p:sampel}) is an unknown model rather than silently greedy.
     */
    private static String bare(String name) {
        String n = name.trim();
        if (n.startsWith(PREFIX + ":")) {
            n = n.substring(PREFIX.length() + 1);
        }
        return NeuralAgent.Named.parse(n).target();
    }

    private static String names(List<Model> models) {
        return models.isEmpty() ? "none" : models.stream().map(Model::name).collect(Collectors.joining(", "));
    }

    /** A model packaged in a jar, read once per process (package-private for tests). */
    static Checkpoint.Policy load(Model m) {
        NativeBackend.require("zoo:" + m.name());
        // a packaged model: DL4J reads files, so the class-path copy goes to a temporary file once
        // (deleted once read: the policy is cached, and a process that is killed runs no exit hook)
        Path tmp = null;
        try {
            tmp = Files.createTempFile("kaisen-zoo-" + m.name() + "-", ".zip");
            try (InputStream in = new URL(m.location()).openStream()) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            }
            Checkpoint.Policy p;
            try {
                p = Checkpoint.readPolicy(tmp);
            } catch (IllegalArgumentException e) {
                // the message names the temporary copy, which is gone: name the packaged model instead
                throw new IllegalArgumentException("zoo model " + m.name() + ": "
                        + String.valueOf(e.getMessage()).replace(tmp.toString(), m.location()), e);
            }
            if (p.warning() != null) {
                System.err.println("warning: zoo:" + m.name() + ": " + p.warning().replace(tmp.toString(), m.location()));
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read zoo model " + m.name() + " from " + m.location() + ": "
                    + UserFiles.why(e), e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the model was read (or its error is the one to report); a stray temporary file is all
                }
            }
        }
    }

    /** The model in {@code file} (a packed zoo model on disk), read; a file that is none is an error saying why. */
    public static Model read(Path file) {
        if (!Files.isRegularFile(file) || !file.getFileName().toString().endsWith(".zip")) {
            throw new IllegalArgumentException("no zoo model at " + file + " (expected MODELS/NAME.zip written by "
                    + "./kaisen zoo pack)");
        }
        Model m = describe(found(file));
        if (m.metadata() == null) {
            throw new IllegalArgumentException(file + " is no zoo model: " + m.problem());
        }
        return m;
    }

    /**
     * Records {@code e} in the metadata of the model in {@code file} (replacing an earlier
     * evaluation against the same opponent); the rest of the file is kept byte for byte, and the
     * file is replaced only once the new one is written whole.
     */
    public static Model recordEvaluation(Path file, Evaluation e) {
        Metadata md = read(file).metadata().with(e);
        try {
            UserFiles.writeAtomically(file, tmp -> {
                try (ZipFile in = new ZipFile(file.toFile());
                     ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
                    for (ZipEntry entry : Collections.list(in.entries())) {
                        out.putNextEntry(new ZipEntry(entry.getName()));
                        if (entry.getName().equals(METADATA)) {
                            out.write(Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(md));
                        } else {
                            try (InputStream data = in.getInputStream(entry)) {
                                data.transferTo(out);
                            }
                        }
                        out.closeEntry();
                    }
                }
            });
        } catch (IOException x) {
            throw new UncheckedIOException("cannot write " + file + ": " + UserFiles.why(x), x);
        }
        return read(file);
    }

    private static Model describe(Found f) {
        try (ZipInputStream zip = new ZipInputStream(f.open())) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                if (e.getName().equals(METADATA)) {
                    Metadata md = Json.mapper().readValue(Checkpoint.readBounded(zip, METADATA,
                            Checkpoint.MAX_SMALL_ENTRY_BYTES), Metadata.class);
                    if (md == null || md.game() == null || md.game().isBlank() || md.players() < 1) {
                        // every lookup filters the models by game and players: such a file must not reach them
                        return new Model(f.name(), null, f.bytes(), f.location(), "its " + METADATA
                                + " names no game or player count (damaged, or not written by ./kaisen zoo pack)");
                    }
                    return new Model(f.name(), md, f.bytes(), f.location(), null);
                }
            }
            return new Model(f.name(), null, f.bytes(), f.location(), "it has no " + METADATA
                    + " (not packed by ./kaisen zoo pack; pack the training checkpoint instead)");
        } catch (IOException e) {
            return new Model(f.name(), null, f.bytes(), f.location(), "unreadable: " + UserFiles.why(e));
        }
    }

    private static Found found(Path file) {
        try {
            String fn = file.getFileName().toString();
            return new Found(fn.substring(0, fn.length() - ".zip".length()), file, null, Files.size(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + UserFiles.why(e), e);
        }
    }

    private static void requireFolder(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("the zoo folder " + dir + " (" + DIR_PROPERTY + " or " + DIR_ENV
                    + ") is not a folder");
        }
    }

    private static List<Found> inDirectory(Path dir) {
        requireFolder(dir);
        try (var files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".zip") && Files.isRegularFile(p)).sorted()
                    .map(Zoo::found).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the zoo folder " + dir + ": " + UserFiles.why(e), e);
        }
    }

    /** The packaged models: next to each copy of the marker README on the class path (a folder or a jar). */
    private static List<Found> onClassPath() {
        List<Found> out = new ArrayList<>();
        try {
            Enumeration<URL> marks = Zoo.class.getClassLoader().getResources(MARKER);
            for (URL mark : Collections.list(marks)) {
                if (mark.getProtocol().equals("file")) {
                    out.addAll(inDirectory(Path.of(mark.toURI()).getParent()));
                } else if (mark.getProtocol().equals("jar")) {
                    String spec = mark.getPath();
                    Path jarPath = Path.of(new URL(spec.substring(0, spec.indexOf("!/"))).toURI());
                    try (JarFile jar = new JarFile(jarPath.toFile())) {
                        for (JarEntry e : Collections.list(jar.entries())) {
                            String n = e.getName();
                            if (n.startsWith(RESOURCES) && n.endsWith(".zip") && n.indexOf('/', RESOURCES.length()) < 0) {
                                out.add(new Found(n.substring(RESOURCES.length(), n.length() - ".zip".length()), null,
                                        new URL("jar:" + jarPath.toUri() + "!/" + n), e.getSize()));
                            }
                        }
                    }
                }
            }
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("cannot list the packaged zoo models: " + e.getMessage(), e);
        }
        return out;
    }
}
