package dev.kaisen.training.zoo;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameProvider;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Games;
import dev.kaisen.env.SelfPlay;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.osaka.OsakaGame;
import dev.kaisen.training.TinyRuns;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.ppo.PpoTrainer;
import dev.kaisen.training.ppo.RunInfo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The model zoo: every model committed under {@code models/} is packaged, loads by its
 * {@code zoo:} name, plays legal games and beats {@code random}; packing makes a slim checkpoint
 * that plays like its source; names that do not fit are clear errors. The machinery is checked
 * with a model packed here from a tiny training run, so it is tested while {@code models/} is
 * empty too.
 */
class ZooTest {
    /** The repository's models folder (Surefire runs in the module's folder). */
    private static final Path MODELS = Path.of("..", "models");
    private static final String VARIANT = "osaka-2p-zootest";

    @TempDir
    static Path shared;
    private static Path source;
    private static Path zooDir;

    /** A tiny run (a few seconds) with its run.json, and its best checkpoint packed into a zoo folder. */
    @BeforeAll
    static void trainAndPack() {
        PpoConfig.Builder c = TinyRuns.ppo(256, 7);
        c.opponents = new ArrayList<>(List.of("random", "self"));
        c.epochs = 1;
        c.evalEvery = 256;
        c.evalGames = 2;
        c.snapshotEvery = 64;
        c.poolSize = 3;
        Path run = shared.resolve("run");
        try (PpoTrainer trainer = PpoTrainer.start(c.build(), run)) {
            trainer.train(new PpoTrainer.Listener() { });
        }
        RunInfo.write(run, "./kaisen train --game osaka --steps 256 --out RUN");
        source = run.resolve("best.zip");
        zooDir = shared.resolve("zoo");
        Zoo.pack(source, zooDir, VARIANT, null, "the test machine", "packed by ZooTest");
    }

    /** Runs {@code body} with the zoo folder set (the system property), restoring it after. */
    private static <T> T withZooDir(Path dir, Callable<T> body) throws Exception {
        String before = System.getProperty(Zoo.DIR_PROPERTY);
        System.setProperty(Zoo.DIR_PROPERTY, dir.toString());
        try {
            return body.call();
        } finally {
            if (before == null) {
                System.clearProperty(Zoo.DIR_PROPERTY);
            } else {
                System.setProperty(Zoo.DIR_PROPERTY, before);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> everyModelOfTheModelsFolderIsPackagedPlaysLegalGamesAndBeatsRandom() throws IOException {
        List<String> committed;
        try (Stream<Path> files = Files.list(MODELS)) {
            // sorted by model name, as the class path's list is (file names would put osaka-2p-exit.zip first: "-" < ".")
            committed = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".zip"))
                    .map(n -> n.substring(0, n.length() - ".zip".length())).sorted().toList();
        }
        List<String> packaged = Zoo.packagedModels().stream().map(Zoo.Model::name).toList();
        // a model missing from the jar (resources config) or left there after its removal (a stale build) fails here
        assertEquals(committed, packaged, "the models packaged on the class path are exactly those of " + MODELS
                + " (after removing one, rebuild from clean)");
        if (committed.isEmpty()) {
            return Stream.of(DynamicTest.dynamicTest("models/ holds no model yet; the machinery is checked with "
                    + "a packed tiny model (packedModelLoadsByNameAndPlaysLegalGames)", () -> { }));
        }
        return committed.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Zoo.Model m = Zoo.model(name);
            assertNull(m.problem(), m.problem());
            Zoo.Metadata md = m.metadata();
            assertEquals(name, md.name(), "the file is named as it was packed");
            assertTrue(m.bytes() < 5_000_000, name + " is " + m.bytes() + " bytes; a zoo model should be a few MB at most");
            assertTrue(md.command() != null && !md.command().isBlank(), "the command that made it is recorded");
            for (String opponent : List.of("random", "greedy")) {
                // the documentation's game pages show these: ./kaisen zoo measure NAME
                assertTrue(md.evaluations().stream().anyMatch(e -> e.opponent().equals(opponent) && e.games() >= 1000
                        && e.command().contains("zoo:" + name + "," + opponent)),
                        name + " records its strength against " + opponent + " over 1,000 games or more");
            }
            PpoConfig config = Zoo.policy(name).config();
            assertEquals(md.game(), config.game);
            assertEquals(md.players(), config.players);
            Game<?> game = config.game();
            playsLegalGamesAtEverySeat(game, "zoo:" + name, 20);
            SeatEvaluation.Result r = SeatEvaluation.run(game, "zoo:" + name, "random", 20, 11, 1);
            assertTrue(r.winRate() > 0.5, name + " wins only " + r.winRate() + " of 20 games against random");
        }));
    }

    /**
     * {@code games} games (seats rotated: the agent at each seat in turn, random elsewhere) with the
     * game's invariants checked after every decision.
     */
    private static void playsLegalGamesAtEverySeat(Game<?> game, String agent, int games) {
        int n = game.numPlayers();
        for (int seat = 0; seat < n; seat++) {
            List<String> agents = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                agents.add(p == seat ? agent : Agents.RANDOM);
            }
            SelfPlay.Summary s = SelfPlay.run(game, new SelfPlay.Options(Math.max(1, games / n), agents, 100 + seat,
                    true, null, 1));
            assertEquals(0, s.invariantViolations(), agent + " at seat " + seat + ": " + s.firstViolation());
            assertEquals(0, s.truncated(), agent + " at seat " + seat + ": games cut by the length cap");
        }
    }

    @Test
    void packedModelIsSlimRecordsHowItWasMadeAndPlaysLikeItsSource() throws Exception {
        Path slim = zooDir.resolve(VARIANT + ".zip");
        assertTrue(Checkpoint.snapshotCount(source) > 0, "the source holds its self-play pool");
        assertEquals(0, Checkpoint.snapshotCount(slim));
        try (ZipFile src = new ZipFile(source.toFile()); ZipFile z = new ZipFile(slim.toFile())) {
            assertNotNull(src.getEntry("updaterState.bin"), "the source holds Adam's state");
            assertNull(z.getEntry("updaterState.bin"), "the zoo model does not");
        }
        assertTrue(Files.size(slim) < Files.size(source), Files.size(slim) + " >= " + Files.size(source));

        // still a checkpoint: the full reader and the dl4j: agent read it
        Checkpoint.Loaded loaded = Checkpoint.read(slim);
        assertTrue(loaded.snapshots().isEmpty());
        assertEquals(Checkpoint.read(source).progress().step(), loaded.progress().step());
        assertEquals(Checkpoint.readPolicy(source).weights(), Checkpoint.readPolicy(slim).weights());

        Zoo.Metadata md = withZooDir(zooDir, () -> Zoo.model("zoo:" + VARIANT + ":sample").metadata());
        assertEquals(VARIANT, md.name());
        assertEquals("osaka", md.game());
        assertEquals(2, md.players());
        assertEquals(256, md.step());
        assertTrue(md.trainingSeconds() > 0);
        assertEquals("./kaisen train --game osaka --steps 256 --out RUN", md.command(), "from the run's run.json");
        assertEquals("the test machine", md.hardware());
        assertEquals("packed by ZooTest", md.notes());

        // the zoo: name, the dl4j: name of the slim file and that of the source choose the same actions
        OsakaGame game = new OsakaGame(2);
        withZooDir(zooDir, () -> {
            sameActions(game, List.of(Agents.create(game, "zoo:" + VARIANT, 1),
                    Agents.create(game, "dl4j:" + slim, 1), Agents.create(game, "dl4j:" + source, 1)));
            return null;
        });
    }

    private static <S extends GameState<S>> void sameActions(Game<S> game, List<Agent<S>> agents) {
        S s = game.newGame(5);
        long rng = 9;
        for (int k = 0; k < 200 && !s.isTerminal(); k++) {
            int first = agents.get(0).chooseAction(s);
            for (Agent<S> a : agents) {
                assertEquals(first, a.chooseAction(s), a.name() + " at decision " + k);
            }
            int[] legal = s.legalActions();
            rng = SplitMix64.advance(rng);
            s.applyInPlace(legal[(int) (SplitMix64.unit(SplitMix64.mix(rng)) * legal.length)]);
        }
    }

    @Test
    void packedModelLoadsByNameAndPlaysLegalGames() throws Exception {
        withZooDir(zooDir, () -> {
            assertTrue(Zoo.models().stream().anyMatch(m -> m.name().equals(VARIANT) && m.location().equals(
                    zooDir.resolve(VARIANT + ".zip").toString())));
            Game<?> game = Zoo.policy(VARIANT).config().game();
            playsLegalGamesAtEverySeat(game, "zoo:" + VARIANT, 6);
            playsLegalGamesAtEverySeat(game, "zoo:" + VARIANT + ":sample", 6);
            // the same name gives the network to the guided search
            playsLegalGamesAtEverySeat(game, "ismcts:8:net=zoo:" + VARIANT, 2);
            return null;
        });
    }

    @Test
    void aModelOfTheZooFolderWinsOverAPackagedOneOfTheSameName(@TempDir Path dir) throws Exception {
        // the direct lookup (no listing of the folder) keeps the listing's order: the folder first
        Zoo.Model packagedOne = Zoo.packagedModels().isEmpty() ? null : Zoo.packagedModels().get(0);
        String name = packagedOne == null ? "osaka-2p" : packagedOne.name();
        Files.copy(zooDir.resolve(VARIANT + ".zip"), dir.resolve(name + ".zip"));
        withZooDir(dir, () -> {
            assertEquals(dir.resolve(name + ".zip").toString(), Zoo.model("zoo:" + name).location());
            assertEquals(Zoo.models().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow().toMap(),
                    Zoo.model(name).toMap(), "as the listing has it");
            return null;
        });
        if (packagedOne != null) {
            assertEquals(packagedOne.toMap(), Zoo.model(name).toMap(), "without the folder, the packaged one");
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> withZooDir(dir.resolve(name + ".zip"), () -> Zoo.model(name)));
        assertTrue(e.getMessage().contains("is not a folder"), e.getMessage());
    }

    @Test
    void aMeasurementIsRecordedInTheModelReplacingOnlyAnEarlierOneAgainstTheSameOpponent(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve(VARIANT + ".zip");
        Files.copy(zooDir.resolve(VARIANT + ".zip"), file);
        assertEquals(List.of(), Zoo.read(file).metadata().evaluations(), "a packed model is not measured yet");
        byte[] weights = Checkpoint.entry(file, "coefficients.bin");
        Zoo.Evaluation first = new Zoo.Evaluation("random", "head-to-head", 10, 1, 0.8, 0.5, 0.9, 20, 10, 1.5, 1,
                "./kaisen eval ...", "2026-01-01T00:00:00Z");
        Zoo.Evaluation greedy = new Zoo.Evaluation("greedy", "head-to-head", 10, 1, 0.3, 0.1, 0.6, 15, 18, 1.5, 1,
                "./kaisen eval ...", "2026-01-01T00:00:00Z");
        Zoo.Evaluation again = new Zoo.Evaluation("random", "head-to-head", 20, 2, 0.9, 0.7, 0.97, 21, 9, 3, 1,
                "./kaisen eval ...", "2026-01-02T00:00:00Z");
        Zoo.recordEvaluation(file, first);
        Zoo.recordEvaluation(file, greedy);
        Zoo.Model m = Zoo.recordEvaluation(file, again);
        assertEquals(List.of(greedy, again), m.metadata().evaluations());
        assertEquals(VARIANT, m.metadata().name(), "the rest of the metadata is kept");
        assertTrue(java.util.Arrays.equals(weights, Checkpoint.entry(file, "coefficients.bin")), "the weights are kept");
        assertEquals(List.of(), Files.list(dir).filter(f -> !f.equals(file)).toList(), "no temporary file is left");
        assertThrows(IllegalArgumentException.class, () -> Zoo.read(dir.resolve("missing.zip")));
    }

    @Test
    void modelNamesMayHoldGameIdsWithHyphens() {
        for (String ok : List.of("osaka-2p", "floating-market-2p", "floating-market-4p-long", "osaka-2p-v2_b")) {
            assertTrue(Zoo.NAME.matcher(ok).matches(), ok);
        }
        for (String bad : List.of("osaka", "osaka-2", "-2p", "floating-market-p", "Osaka-2p", "osaka-2p-")) {
            assertFalse(Zoo.NAME.matcher(bad).matches(), bad);
        }
    }

    @Test
    void namesThatDoNotFitAreClearErrors() throws Exception {
        withZooDir(zooDir, () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Agents.create(new OsakaGame(2), "zoo:nope", 1));
            assertTrue(e.getMessage().startsWith("unknown zoo model 'nope' (available: ")
                    && e.getMessage().contains(VARIANT), e.getMessage());

            e = assertThrows(IllegalArgumentException.class, () -> Agents.create(new OsakaGame(3), "zoo:" + VARIANT, 1));
            assertTrue(e.getMessage().startsWith("zoo model " + VARIANT + " was trained for 2 players and cannot play "
                    + "a 3-player game of osaka; zoo models for 3-player osaka: "), e.getMessage());

            GameProvider other = Games.all().stream().filter(p -> !p.id().equals("osaka")).findFirst().orElseThrow();
            Game<?> otherGame = Games.create(other.id());
            e = assertThrows(IllegalArgumentException.class, () -> Agents.create(otherGame, "zoo:" + VARIANT, 1));
            assertTrue(e.getMessage().startsWith("zoo model " + VARIANT + " plays osaka and cannot play " + other.id()
                    + "; zoo models for "), e.getMessage());

            // a misspelt mode is no mode: an unknown model, not a greedy agent
            e = assertThrows(IllegalArgumentException.class,
                    () -> Agents.create(new OsakaGame(2), "zoo:" + VARIANT + ":sampel", 1));
            assertTrue(e.getMessage().startsWith("unknown zoo model '" + VARIANT + ":sampel'"), e.getMessage());

            e = assertThrows(IllegalArgumentException.class, () -> Agents.create(new OsakaGame(2), "zoo:", 1));
            assertTrue(e.getMessage().contains("expected zoo:GAME-Np[:greedy|sample]"), e.getMessage());

            // a plain training checkpoint copied into the zoo folder is listed with what is wrong, and refused
            Files.copy(source, zooDir.resolve("osaka-2p-raw.zip"));
            try {
                Zoo.Model raw = Zoo.models().stream().filter(m -> m.name().equals("osaka-2p-raw")).findFirst()
                        .orElseThrow();
                assertTrue(raw.problem().contains("not packed by ./kaisen zoo pack"), raw.problem());
                e = assertThrows(IllegalArgumentException.class, () -> Zoo.policy("osaka-2p-raw"));
                assertTrue(e.getMessage().contains("cannot be used"), e.getMessage());
            } finally {
                Files.delete(zooDir.resolve("osaka-2p-raw.zip"));
            }
            return null;
        });
    }

    /** The temporary copies a packaged model (one inside a jar) is read through. */
    private static List<Path> zooTempFiles(String name) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(p -> p.getFileName().toString().startsWith("kaisen-zoo-" + name + "-")).toList();
        }
    }

    /** A jar holding {@code entries} (name, file) under the zoo's class-path folder. */
    private static Path jarWith(Path jar, Map<String, Path> entries) throws IOException {
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            for (Map.Entry<String, Path> e : entries.entrySet()) {
                out.putNextEntry(new java.util.jar.JarEntry(Zoo.RESOURCES + e.getKey()));
                Files.copy(e.getValue(), out);
                out.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void aModelInsideAJarIsReadThroughATemporaryCopyThatIsDeletedAtOnce(@TempDir Path dir) throws IOException {
        Path slim = zooDir.resolve(VARIANT + ".zip");
        Path junk = dir.resolve("junk.zip");
        Files.writeString(junk, "not a checkpoint");
        Path jar = jarWith(dir.resolve("models.jar"), Map.of(VARIANT + ".zip", slim, "osaka-2p-junk.zip", junk));
        List<Path> before = zooTempFiles(VARIANT);
        String location = "jar:" + jar.toUri() + "!/" + Zoo.RESOURCES + VARIANT + ".zip";
        Checkpoint.Policy p = Zoo.load(new Zoo.Model(VARIANT, null, Files.size(slim), location, null));
        assertEquals(Checkpoint.readPolicy(slim).weights(), p.weights());
        assertEquals(before, zooTempFiles(VARIANT), "the temporary copy is deleted once read");

        String junkLocation = "jar:" + jar.toUri() + "!/" + Zoo.RESOURCES + "osaka-2p-junk.zip";
        List<Path> junkBefore = zooTempFiles("osaka-2p-junk");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Zoo.load(new Zoo.Model("osaka-2p-junk", null, 16, junkLocation, null)));
        assertTrue(e.getMessage().startsWith("zoo model osaka-2p-junk: ") && e.getMessage().contains(junkLocation)
                && !e.getMessage().contains("kaisen-zoo-osaka-2p-junk-"), "names the model, not its copy: "
                + e.getMessage());
        assertEquals(junkBefore, zooTempFiles("osaka-2p-junk"), "deleted after a failed read too");
    }

    @Test
    void aModelWithIncompleteMetadataIsListedWithItsProblemAndSpoilsNoOtherName() throws Exception {
        Path bad = zooDir.resolve("osaka-2p-nometa.zip");
        try (java.util.zip.ZipOutputStream out = new java.util.zip.ZipOutputStream(Files.newOutputStream(bad))) {
            out.putNextEntry(new java.util.zip.ZipEntry(Zoo.METADATA));
            out.write("{\"name\": \"osaka-2p-nometa\", \"players\": 2, \"step\": 1, \"trainingSeconds\": 1}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        try {
            withZooDir(zooDir, () -> {
                Zoo.Model m = Zoo.models().stream().filter(o -> o.name().equals("osaka-2p-nometa")).findFirst()
                        .orElseThrow();
                assertTrue(m.problem() != null && m.problem().contains("game"), String.valueOf(m.problem()));
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> Zoo.policy("osaka-2p-nometa"));
                assertTrue(e.getMessage().contains("cannot be used"), e.getMessage());
                // the other models still play (the listing of those that fit reads every model's metadata)
                assertEquals("zoo:" + VARIANT, Agents.create(new OsakaGame(2), "zoo:" + VARIANT, 1).name());
                e = assertThrows(IllegalArgumentException.class, () -> Agents.create(new OsakaGame(3), "zoo:" + VARIANT, 1));
                assertTrue(e.getMessage().contains("was trained for 2 players"), e.getMessage());
                return null;
            });
        } finally {
            Files.delete(bad);
        }
    }

    @Test
    void packRefusesANameThatDoesNotFitAndAFileThatIsNoCheckpoint(@TempDir Path dir) throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Zoo.pack(source, dir, "osaka-3p", null, null, null));
        assertTrue(e.getMessage().contains("expected osaka-2p or osaka-2p-VARIANT"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Zoo.pack(source, dir, "Osaka 2p", null, null, null));
        assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Zoo.pack(dir.resolve("none.zip"), dir, null, null,
                null, null));
        assertTrue(e.getMessage().startsWith("no checkpoint at "), e.getMessage());
        Files.writeString(dir.resolve("text.zip"), "not a zip");
        assertThrows(IllegalArgumentException.class, () -> Zoo.pack(dir.resolve("text.zip"), dir, null, null, null,
                null));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("text.zip"), files.map(p -> p.getFileName().toString()).toList(),
                    "nothing written by a refused pack");
        }
    }

    @Test
    void theCommandRebuiltForAnExpertIterationCheckpointIsAnExpertIterationCommand() {
        PpoConfig.Builder c = new PpoConfig.Builder();
        c.algo = PpoConfig.Algo.EXIT;
        c.valueScale = PpoConfig.ValueScale.WIN_SHARE;
        c.exit = new dev.kaisen.training.config.ExitConfig.Builder();
        c.exit.search = 37;
        c.exit.generations = 5;
        c.exit.rollout = "greedy";
        c.exit.bestBy = "guided";
        c.init = "zoo:osaka-2p";
        String cmd = Zoo.trainCommand(c.build());
        assertTrue(cmd.startsWith("./kaisen train --game osaka --players 2 --algo exit "), cmd);
        assertTrue(cmd.contains(" --search 37 ") && cmd.contains(" --generations 5 ")
                && cmd.contains(" --search-rollout greedy ") && cmd.contains(" --best-by guided ")
                && cmd.contains(" --init zoo:osaka-2p "), cmd);
        assertFalse(cmd.contains("--target-temperature"), "1 is the default: not written");
        c.exit.targetTemperature = 0.25;
        assertTrue(Zoo.trainCommand(c.build()).contains(" --target-temperature 0.25"), Zoo.trainCommand(c.build()));
        c.exit.bestBy = "raw";
        assertFalse(Zoo.trainCommand(c.build()).contains("--best-by"), "raw is the default: not written");
        assertTrue(!cmd.contains("--opponents") && !cmd.contains("--steps"), "no PPO options: " + cmd);
        assertTrue(Zoo.trainCommand(PpoConfig.DEFAULTS).contains(" --steps "), "PPO's as before");
        assertTrue(cmd.contains(" --vf-coef 1.0 ") || cmd.contains(" --vf-coef 0.5 "), "its optimiser settings: " + cmd);
        PpoConfig.Builder p = new PpoConfig.Builder();
        p.gamma = 0.9;
        p.clip = 0.1;
        p.normalizeAdvantages = false;
        String ppo = Zoo.trainCommand(p.build());
        assertFalse(ppo.contains("--init"), "no --init for a run from seeded weights: " + ppo);
        p.init = "runs/my run/best.zip";
        assertTrue(Zoo.trainCommand(p.build()).contains(" --init 'runs/my run/best.zip' "), "quoted for a shell");
        p.init = "it's.zip";
        assertTrue(Zoo.trainCommand(p.build()).contains(" --init 'it'\\''s.zip' "), "a quote inside closed and reopened");
        assertTrue(ppo.contains(" --gamma 0.9 ") && ppo.contains(" --gae-lambda 0.95 ") && ppo.contains(" --clip 0.1 ")
                && ppo.contains(" --vf-coef 0.5 ") && ppo.contains(" --max-grad-norm 0.5 ")
                && ppo.contains(" --no-norm-adv "), "every PPO setting: " + ppo);
    }

    @Test
    void defaultNameAndCommandComeFromTheCheckpoint(@TempDir Path dir) throws IOException {
        Path bare = dir.resolve("run").resolve("best.zip");
        Files.createDirectories(bare.getParent());
        Files.copy(source, bare);
        Zoo.Model m = Zoo.pack(bare, dir.resolve("models"), null, null, null, null);
        assertEquals("osaka-2p", m.name());
        assertTrue(m.metadata().command().startsWith("./kaisen train --game osaka --players 2 --view "),
                "rebuilt from the settings when the run has no run.json: " + m.metadata().command());
        assertNull(m.metadata().hardware());
        assertEquals(Map.of(), m.metadata().options());
    }
}
