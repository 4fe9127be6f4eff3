package dev.kaisen.training.ppo;

import dev.kaisen.env.Agents;
import dev.kaisen.env.osaka.OsakaGame;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.SingleEnv;
import dev.kaisen.observation.VectorEnv;
import dev.kaisen.training.TinyRuns;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.eval.Tournament;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.MlpWeights;
import dev.kaisen.training.net.NeuralAgent;
import dev.kaisen.training.net.RandomNets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A tiny end-to-end run: training, checkpoints, an interruption, resuming, and the trained agent in use. */
class PpoTrainerTest {
    private static PpoConfig.Builder tiny(long steps) {
        PpoConfig.Builder c = TinyRuns.ppo(steps, 5);
        c.opponents = new ArrayList<>(List.of("random", "self"));
        c.epochs = 2;
        c.evalEvery = 256;
        c.evalGames = 6;
        c.snapshotEvery = 128;
        c.poolSize = 2;
        return c;
    }

    @Test
    void withoutEvaluationsBestFollowsLast(@TempDir Path dir) throws IOException {
        PpoConfig.Builder c = tiny(256);
        c.evalGames = 0;
        c.evalEvery = 128;
        Path run = dir.resolve("run");
        try (PpoTrainer trainer = PpoTrainer.start(c.build(), run)) {
            trainer.train(new PpoTrainer.Listener() { });
            assertEquals(trainer.network().export(), Checkpoint.read(run.resolve("best.zip")).network().export());
            assertEquals(trainer.network().export(), Checkpoint.read(run.resolve("last.zip")).network().export());
        }
        assertEquals(1, Files.readAllLines(run.resolve("eval.csv")).size(), "the header alone");
    }

    @Test
    void aRunStartsFromAnotherRunsNetworkWhenToldAndRefusesOneThatDoesNotFit(@TempDir Path dir) throws IOException {
        PpoConfig.Builder c = tiny(128);
        c.evalGames = 0;
        Path first = dir.resolve("first");
        MlpWeights trained;
        try (PpoTrainer trainer = PpoTrainer.start(c.build(), first)) {
            trainer.train(new PpoTrainer.Listener() { });
            trained = trainer.network().export();
        }
        PpoConfig.Builder d = tiny(128);
        d.evalGames = 0;
        d.rewardMode = "score_difference";
        d.seed = 9;
        d.init = first.resolve("last.zip").toString();
        Path second = dir.resolve("second");
        try (PpoTrainer trainer = PpoTrainer.start(d.build(), second)) {
            assertEquals(trained, trainer.network().export(), "the second run starts from the first's weights");
            assertEquals(0, trainer.step());
            assertEquals(0, trainer.network().updates(), "with a fresh optimizer");
            trainer.train(new PpoTrainer.Listener() { });
            assertFalse(trained.equals(trainer.network().export()), "and trains them");
        }
        PpoConfig saved = Checkpoint.readConfig(second.resolve("last.zip"));
        assertEquals(d.init, saved.init, "the checkpoint records where it started");
        // a seeded start with the same seed is another network
        d.init = null;
        try (PpoTrainer fresh = PpoTrainer.start(d.build(), dir.resolve("fresh"))) {
            assertFalse(trained.equals(fresh.network().export()));
        }

        PpoConfig.Builder wide = tiny(128);
        wide.hidden = new int[]{32};
        wide.init = first.resolve("last.zip").toString();
        var e = assertThrows(IllegalArgumentException.class, () -> PpoTrainer.start(wide.build(), dir.resolve("wide")));
        assertTrue(e.getMessage().contains("hidden layers [16]") && e.getMessage().contains("--hidden"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("wide")), "refused before the run folder is made");
        PpoConfig.Builder three = tiny(128);
        three.players = 3;
        three.init = first.resolve("last.zip").toString();
        e = assertThrows(IllegalArgumentException.class, () -> PpoTrainer.start(three.build(), dir.resolve("three")));
        assertTrue(e.getMessage().contains("cannot play"), e.getMessage());
        PpoConfig.Builder missing = tiny(128);
        missing.init = dir.resolve("nothing.zip").toString();
        e = assertThrows(IllegalArgumentException.class, () -> PpoTrainer.start(missing.build(), dir.resolve("m")));
        assertTrue(e.getMessage().contains("no checkpoint at"), e.getMessage());
    }

    @Test
    void trainsCheckpointsResumesAndPlays(@TempDir Path dir) throws IOException {
        Path run = dir.resolve("run");
        MlpWeights atCheckpoint;
        try (PpoTrainer trainer = PpoTrainer.start(tiny(256).build(), run)) {
            List<PpoTrainer.IterationStats> seen = new ArrayList<>();
            trainer.train(new PpoTrainer.Listener() {
                @Override
                public void iteration(PpoTrainer.IterationStats s) {
                    seen.add(s);
                }
            });
            assertEquals(2, seen.size());
            assertEquals(256, trainer.step());
            atCheckpoint = trainer.network().export();
            PpoTrainer.IterationStats last = seen.get(1);
            assertTrue(last.stepsPerSecond() > 0 && last.envShare() > 0 && last.envShare() < 1);
            assertTrue(Double.isFinite(last.policyLoss()) && Double.isFinite(last.valueLoss()) && last.entropy() > 0);
        }
        assertTrue(Files.isRegularFile(run.resolve("last.zip")));
        assertTrue(Files.isRegularFile(run.resolve("best.zip")));
        List<String> metrics = Files.readAllLines(run.resolve("metrics.csv"));
        assertEquals(3, metrics.size(), "header + one row per iteration");
        assertTrue(metrics.get(0).startsWith("step,iteration,seconds,steps_per_s,env_share"));
        assertTrue(metrics.get(0).contains("win_rate_vs_random") && metrics.get(0).contains("win_rate_vs_self"));
        List<String> eval = Files.readAllLines(run.resolve("eval.csv"));
        assertEquals(3, eval.size(), "header + random + greedy");
        assertTrue(eval.get(1).startsWith("256,random,6,") && eval.get(2).startsWith("256,greedy,6,"));

        // the reloaded network gives identical outputs
        assertEquals(atCheckpoint, Checkpoint.readNetwork(run.resolve("last.zip")).export());

        // eval.csv is the head-to-head protocol: the checkpoint as a named agent in SeatEvaluation (what
        // ./kaisen eval --protocol head-to-head and Python's kaisen.evaluate play) gives the same figures
        for (String row : eval.subList(1, eval.size())) {
            String[] cols = row.split(",");
            SeatEvaluation.Result same = SeatEvaluation.run(new OsakaGame(2), "dl4j:" + run.resolve("last.zip"),
                    cols[1], 6, dev.kaisen.env.SplitMix64.derive(5, 3), 1);
            assertEquals(cols[3], String.format(java.util.Locale.ROOT, "%.4f", same.winRate()), row);
            assertEquals(cols[6], String.format(java.util.Locale.ROOT, "%.3f", same.meanScore()), row);
        }

        // a new run may not overwrite it
        assertThrows(IllegalArgumentException.class, () -> PpoTrainer.start(tiny(256).build(), run));

        // an interrupted process had logged a row after its last checkpoint: resuming drops it and goes on
        Files.writeString(run.resolve("metrics.csv"), String.join("\n", metrics) + "\n384,3,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0\n");
        try (PpoTrainer resumed = PpoTrainer.resume(run, 512)) {
            assertEquals(256, resumed.step());
            assertEquals(atCheckpoint, resumed.network().export());
            assertEquals(512, resumed.config().steps);
            resumed.train(new PpoTrainer.Listener() { });
            assertEquals(512, resumed.step());
        }
        List<String> after = Files.readAllLines(run.resolve("metrics.csv"));
        assertEquals(5, after.size());
        assertTrue(after.get(3).startsWith("384,3,"));
        assertFalse(after.stream().anyMatch(l -> l.startsWith("384,3,1,1,0,")));
        assertEquals(5, Files.readAllLines(run.resolve("eval.csv")).size());
        assertEquals(512, Checkpoint.read(run.resolve("last.zip")).progress().step());

        // the checkpoint is an agent by name: in a tournament, in the trainer's evaluation protocol,
        // and as an env opponent
        OsakaGame game = new OsakaGame(2);
        String name = "dl4j:" + run.resolve("best.zip");
        Tournament.Result r = Tournament.run(new Tournament.Config<>(game, List.of(name, "random"), 4, 1, 1), i -> { });
        assertEquals(4, r.agents().get(0).seatsPlayed());
        SeatEvaluation.Result seats = SeatEvaluation.run(game, name, "random", 4, 1, 1);
        assertEquals(4, seats.games());
        SingleEnv.Config<OsakaState> envConfig = new SingleEnv.Config<>(game, 0, List.of(name + ":sample"),
                RewardMode.TERMINAL);
        try (VectorEnv<OsakaState> env = new VectorEnv<>(2, envConfig, 3, 1)) {
            env.reset();
            SingleEnv<OsakaState> single = new SingleEnv<>(envConfig);
            single.reset(dev.kaisen.env.SplitMix64.derive(dev.kaisen.env.SplitMix64.derive(3, 0), 0));
            int[] actions = new int[2];
            int learnerMoves = 0;
            for (int k = 0; k < 50 && !env.env(0).done() && !single.done(); k++) {
                for (int i = 0; i < 2; i++) {
                    actions[i] = env.env(i).legalActions()[0];
                }
                env.step(actions);
                single.step(actions[0]);
                learnerMoves++;
                assertEquals(single.state(), env.env(0).state(), "the dl4j opponent plays the same in both");
            }
            assertTrue(env.env(0).state().decisions() > learnerMoves, "the dl4j opponent made decisions too");
        }

        // a checkpoint plays only the game and config it was trained on
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> Agents.create(new OsakaGame(3), name, 1));
        assertTrue(wrong.getMessage().contains("trained on osaka {\"players\":2}"), wrong.getMessage());
        assertEquals("osaka", Checkpoint.read(run.resolve("best.zip")).config().game);
    }

    @Test
    void neuralAgentIsDeterministicUnderItsSeed(@TempDir Path dir) {
        MlpWeights w = RandomNets.weights(Encoders.create(new OsakaGame(2)).size(), new int[]{8},
                dev.kaisen.env.osaka.OsakaAction.COUNT, 3, 2f);
        int[] first = play(w, 17);
        assertArrayEquals(first, play(w, 17));
    }

    private static int[] play(MlpWeights w, long seed) {
        OsakaGame g = new OsakaGame(2);
        OsakaState s = g.newGame(9);
        NeuralAgent<OsakaState> a = new NeuralAgent<>(g, null, w, "n", NeuralAgent.Mode.SAMPLE, seed);
        List<Integer> moves = new ArrayList<>();
        while (!s.isTerminal()) {
            int m = a.chooseAction(s);
            moves.add(m);
            s.applyInPlace(m);
        }
        return moves.stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void badSettingsAndNamesAreClearErrors(@TempDir Path dir) {
        PpoConfig.Builder c = tiny(256);
        c.minibatch = 100;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PpoTrainer.start(c.build(), dir.resolve("a")));
        assertTrue(e.getMessage().contains("minibatch"), e.getMessage());
        PpoConfig.Builder d = tiny(256);
        d.opponents = List.of("nobody");
        assertThrows(IllegalArgumentException.class, () -> PpoTrainer.start(d.build(), dir.resolve("b")));
        assertThrows(IllegalArgumentException.class, () -> PpoTrainer.resume(dir.resolve("none"), 0));
        e = assertThrows(IllegalArgumentException.class,
                () -> Agents.create(new OsakaGame(2), "dl4j:" + dir.resolve("x.zip"), 1));
        assertTrue(e.getMessage().contains("no checkpoint"), e.getMessage());
    }

    @Test
    void everySettingIsCheckedNamingTheOptionAndWhy() {
        record Case(java.util.function.Consumer<PpoConfig.Builder> change, String message) { }
        for (Case k : List.of(
                new Case(c -> c.rollout = 10_000_000, "envs x rollout = 4 x 10,000,000 = 40,000,000 steps per update is "
                        + "more than the 1,048,576 allowed; lower --rollout or --envs"),
                new Case(c -> c.envs = Integer.MAX_VALUE, "steps per update is more than"),
                new Case(c -> c.entCoef = Double.NaN, "ent-coef (entropy bonus) must be a finite number, not NaN"),
                new Case(c -> c.entCoef = -0.1, "ent-coef (entropy bonus) must be >= 0, not -0.1"),
                new Case(c -> c.learningRate = Double.POSITIVE_INFINITY, "lr (learning rate) must be a finite number, not Infinity"),
                new Case(c -> c.learningRate = 0, "lr (learning rate) must be > 0, not 0.0"),
                new Case(c -> c.vfCoef = Double.NaN, "vf-coef"),
                new Case(c -> c.gamma = 1.5, "gamma must be at most 1, not 1.5"),
                new Case(c -> c.gaeLambda = Double.NEGATIVE_INFINITY, "gae-lambda must be a finite number"),
                new Case(c -> c.clip = Double.NaN, "clip must be a finite number"),
                new Case(c -> c.maxGradNorm = Double.NaN, "max-grad-norm must be a finite number"))) {
            PpoConfig.Builder c = tiny(256);
            k.change().accept(c);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.build().validate(), k.message());
            assertTrue(e.getMessage().startsWith(k.message()) || e.getMessage().contains(k.message()), e.getMessage());
        }
    }

    private static final String HEADER = "step,iteration,loss";

    @Test
    void resumingKeepsOnlyCompleteWellFormedRowsUpToTheCheckpoint(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("metrics.csv");
        // a half-written last line (once: "cannot trim ... begin 0, end -1")
        Files.writeString(csv, HEADER + "\n256,1,0.5\n512,2,0.4\n768,3,0.3\n1280");
        assertEquals(csv + ": dropped 1 incomplete or malformed row (left by an interrupted write)",
                RunFiles.truncateCsv(csv, 512));
        assertEquals(List.of(HEADER, "256,1,0.5", "512,2,0.4"), Files.readAllLines(csv));
        // a short row (once kept, then it crashed the plot), a non-numeric step, and a row cut mid-number
        Files.writeString(csv, HEADER + "\n256,1,0.5\n40,1\nabc,2,0.4\n512,2,0.4\n\n768,3,0.");
        assertEquals(csv + ": dropped 3 incomplete or malformed rows (left by an interrupted write)",
                RunFiles.truncateCsv(csv, 1024));
        assertEquals(List.of(HEADER, "256,1,0.5", "512,2,0.4"), Files.readAllLines(csv));
        // rows after the checkpoint go without a notice; a file without a whole header is started afresh
        Files.writeString(csv, HEADER + "\n256,1,0.5\n512,2,0.4\n");
        assertEquals(null, RunFiles.truncateCsv(csv, 256));
        assertEquals(List.of(HEADER, "256,1,0.5"), Files.readAllLines(csv));
        Files.writeString(csv, "step,itera");
        assertTrue(RunFiles.truncateCsv(csv, 256).contains("no complete header"));
        assertFalse(Files.exists(csv));
    }

    @Test
    void leftoverTemporaryFilesOfOurNamesAreRemoved(@TempDir Path dir) throws IOException {
        for (String name : List.of(".last.zip123.tmp", ".metrics.csv456.tmp", ".best.zip7.tmp", ".eval.csv8.tmp",
                "notes.tmp", ".other.zip1.tmp", "last.zip")) {
            Files.writeString(dir.resolve(name), "");
        }
        assertEquals(4, RunFiles.removeTempFiles(dir));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(".other.zip1.tmp", "last.zip", "notes.tmp"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }
}
