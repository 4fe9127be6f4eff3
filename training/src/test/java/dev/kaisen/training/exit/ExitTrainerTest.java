package dev.kaisen.training.exit;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.Games;
import dev.kaisen.env.osaka.OsakaGame;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.Encoders;
import dev.kaisen.training.config.ExitConfig;
import dev.kaisen.training.TinyRuns;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.MlpWeights;
import dev.kaisen.training.net.PolicyNetwork;
import dev.kaisen.training.ppo.PpoTrainer;
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

/** Tiny expert-iteration runs: self-play, training, checkpoints in PPO's format, and the result as agents. */
class ExitTrainerTest {
    private static PpoConfig.Builder tiny(int players) {
        PpoConfig.Builder c = new PpoConfig.Builder();
        c.players = players;
        c.hidden = new int[]{16};
        c.threads = 2;
        c.evalGames = 2;
        c.evalOpponents = List.of("random");
        c.seed = 3;
        c.learningRate = 1e-3;
        ExitConfig.Builder e = new ExitConfig.Builder();
        e.search = 6;
        e.generations = 2;
        e.gamesPerGeneration = 2;
        e.evalEvery = 1;
        e.buffer = 400;
        e.minibatch = 32;
        e.temperatureMoves = 4;
        c.exit = e;
        return c;
    }

    @Test
    void aTargetTemperatureBelowOneSharpensTheTargetsOfTheSameGames(@TempDir Path dir) {
        double[] entropy = new double[3];
        long[] samples = new long[3];
        double[] temperatures = {1.0, 0.5, 0.0};
        for (int i = 0; i < 3; i++) {
            PpoConfig.Builder c = tiny(2);
            c.exit.generations = 1;
            c.exit.targetTemperature = temperatures[i];
            List<ExitTrainer.GenerationStats> seen = new ArrayList<>();
            ExitTrainer.start(c.build(), dir.resolve("t" + i)).train(new ExitTrainer.Listener() {
                @Override
                public void generation(ExitTrainer.GenerationStats s) {
                    seen.add(s);
                }
            });
            entropy[i] = seen.get(0).targetEntropy();
            samples[i] = seen.get(0).samples();
        }
        assertEquals(samples[0], samples[1], "the same self-play games: the targets do not steer the play");
        assertEquals(samples[0], samples[2]);
        assertTrue(entropy[0] > entropy[1] && entropy[1] > entropy[2], java.util.Arrays.toString(entropy));
    }

    @Test
    void twoPlayerRunWritesACheckpointThatPlaysRawAndGuided(@TempDir Path dir) throws IOException {
        Path run = dir.resolve("run");
        List<ExitTrainer.GenerationStats> seen = new ArrayList<>();
        ExitTrainer trainer = ExitTrainer.start(tiny(2).build(), run);
        trainer.train(new ExitTrainer.Listener() {
            @Override
            public void generation(ExitTrainer.GenerationStats s) {
                seen.add(s);
            }
        });
        assertEquals(2, seen.size());
        ExitTrainer.GenerationStats last = seen.get(1);
        assertTrue(last.samples() > 0 && last.updates() > 0, last.toString());
        assertTrue(Double.isFinite(last.policyLoss()) && Double.isFinite(last.valueLoss()) && last.targetEntropy() > 0);
        assertEquals(seen.get(0).samples() + last.samples(), trainer.step());
        assertEquals(3, Files.readAllLines(run.resolve("metrics.csv")).size(), "header + a row per generation");
        List<String> eval = Files.readAllLines(run.resolve("eval.csv"));
        assertEquals(3, eval.size(), "header + random at each of the 2 evaluations");
        assertTrue(eval.get(2).startsWith(trainer.step() + ",random,2,"), eval.get(2));

        Checkpoint.Loaded loaded = Checkpoint.read(run.resolve("last.zip"));
        assertEquals(PpoConfig.Algo.EXIT, loaded.config().algo);
        assertEquals(PpoConfig.ValueScale.WIN_SHARE, loaded.config().valueScale);
        assertEquals(6, loaded.config().exit.search);
        assertEquals("greedy", loaded.config().exit.rollout, "the game's rollout bot, recorded");
        assertEquals(trainer.network().export(), loaded.network().export());
        assertTrue(Files.isRegularFile(run.resolve("best.zip")));

        // the raw policy and the guided search by name, in the evaluation protocol
        OsakaGame game = new OsakaGame(2);
        String path = run.resolve("last.zip").toString();
        for (String name : List.of("dl4j:" + path, "ismcts:8:net=" + path, "ismcts:8:value=1:net=dl4j:" + path)) {
            SeatEvaluation.Result r = SeatEvaluation.run(game, name, "random", 2, 1, 1);
            assertEquals(2, r.games(), name);
        }
        Agent<OsakaState> guided = Agents.create(game, "ismcts:8:net=" + path, 1);
        assertEquals("ismcts:8:value=0.5:net=" + path, guided.name(), "the run's leaf weight by default");

        // a new run may not overwrite it
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.start(tiny(2).build(), run));
        assertTrue(e.getMessage().contains("continue it with --resume"), e.getMessage());
    }

    /** A kill: the listener throws after generation {@code at}'s metrics row, as a killed process stops there. */
    private static final class Killed extends RuntimeException {
    }

    private static ExitTrainer.Listener killAfter(int at) {
        return new ExitTrainer.Listener() {
            @Override
            public void generation(ExitTrainer.GenerationStats s) {
                if (s.generation() == at) {
                    throw new Killed();
                }
            }
        };
    }

    /** A CSV's rows without the columns that measure time (they differ between any two runs). */
    private static List<String> untimed(Path csv, int... timeColumns) throws IOException {
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(csv)) {
            String[] cells = line.split(",", -1);
            for (int c : timeColumns) {
                cells[c] = "-";
            }
            rows.add(String.join(",", cells));
        }
        return rows;
    }

    @Test
    void aKilledRunResumedGoesOnExactlyAsTheUninterruptedOne(@TempDir Path dir) throws IOException {
        PpoConfig.Builder c = tiny(2);
        c.exit.generations = 5;
        c.exit.evalEvery = 2;
        c.exit.buffer = 150; // small enough to wrap: the ring's order must survive the file
        c.netThreads = 1;
        Path whole = dir.resolve("whole");
        ExitTrainer uninterrupted = ExitTrainer.start(c.build(), whole);
        uninterrupted.train(new ExitTrainer.Listener() { });

        Path run = dir.resolve("killed");
        ExitTrainer first = ExitTrainer.start(c.build(), run);
        assertThrows(Killed.class, () -> first.train(killAfter(3)));
        // what the kill left: generation 3's metrics row after the checkpoint of generation 2, and the
        // leftovers of a kill during the next save (a temporary file, a later generation's buffer)
        assertEquals(4, Files.readAllLines(run.resolve("metrics.csv")).size());
        Files.writeString(run.resolve(".replay-4.bin123.tmp"), "partial");
        Files.copy(run.resolve("replay-2.bin"), run.resolve("replay-4.bin"));
        Files.writeString(run.resolve("metrics.csv"), "9,4,1.0,0.5", java.nio.file.StandardOpenOption.APPEND);
        // the ring had wrapped by the checkpoint, so its order is what the file must keep
        assertEquals(150, ReplayBuffer.read(run.resolve("replay-2.bin"), Encoders.create(new OsakaGame(2),
                c.build().view).size(), new OsakaGame(2).numDistinctActions(), 150).size());
        // and a kill between last.zip and its copy to best.zip (the first checkpoint is the best)
        Files.delete(run.resolve("best.zip"));

        ExitTrainer resumed = ExitTrainer.resume(run, 0);
        assertEquals(2, resumed.generation());
        assertEquals(4, resumed.notices().size(), String.join("\n", resumed.notices()));
        assertTrue(resumed.notices().get(3).contains("copied last.zip"), resumed.notices().get(3));
        assertTrue(resumed.notices().get(1).contains("removed replay-4.bin"), resumed.notices().get(1));
        assertTrue(resumed.notices().get(2).contains("dropped 1 incomplete or malformed row"),
                resumed.notices().get(2));
        assertFalse(Files.exists(run.resolve(".replay-4.bin123.tmp")));
        resumed.train(new ExitTrainer.Listener() { });

        assertEquals(5, resumed.generation());
        assertEquals(uninterrupted.step(), resumed.step());
        assertEquals(uninterrupted.network().export(), resumed.network().export());
        for (String zip : List.of("last.zip", "best.zip")) {
            assertEquals(Checkpoint.read(whole.resolve(zip)).network().export(),
                    Checkpoint.read(run.resolve(zip)).network().export(), zip);
            Checkpoint.Progress a = Checkpoint.readProgress(whole.resolve(zip));
            Checkpoint.Progress b = Checkpoint.readProgress(run.resolve(zip));
            assertEquals(List.of(a.step(), a.iteration(), a.episodes(), a.rng(), a.bestStep(), a.nextEval()),
                    List.of(b.step(), b.iteration(), b.episodes(), b.rng(), b.bestStep(), b.nextEval()), zip);
            assertEquals(a.bestScore(), b.bestScore(), zip);
        }
        assertArrayEquals(Files.readAllBytes(whole.resolve("replay-5.bin")), Files.readAllBytes(run.resolve("replay-5.bin")));
        assertEquals(List.of(run.resolve("replay-5.bin")), replays(run), "only the last checkpoint's buffer is kept");
        assertEquals(untimed(whole.resolve("metrics.csv"), 2, 3), untimed(run.resolve("metrics.csv"), 2, 3));
        assertEquals(Files.readAllLines(whole.resolve("eval.csv")), Files.readAllLines(run.resolve("eval.csv")));

        // a finished run continues only with a larger budget
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(run, 0));
        assertTrue(e.getMessage().contains("all 5 of its 5 generations"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(run, -1));
        assertTrue(e.getMessage().contains("must be positive"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> dev.kaisen.training.ppo.PpoTrainer.resume(run, 0));
        assertTrue(e.getMessage().contains("holds an exit run, not PPO"), e.getMessage());
        ExitTrainer more = ExitTrainer.resume(run, 6);
        more.train(new ExitTrainer.Listener() { });
        assertEquals(6, more.generation());
        assertEquals(7, Files.readAllLines(run.resolve("metrics.csv")).size());
    }

    private static List<Path> replays(Path run) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(run)) {
            return files.filter(f -> f.getFileName().toString().startsWith("replay-")).toList();
        }
    }

    @Test
    void resumingNeedsTheCheckpointsBufferAndRefusesABrokenOne(@TempDir Path dir) throws IOException {
        PpoConfig.Builder c = tiny(2);
        c.evalGames = 0;
        c.exit.generations = 1;
        Path run = dir.resolve("run");
        ExitTrainer.start(c.build(), run).train(new ExitTrainer.Listener() { });
        Path replay = run.resolve("replay-1.bin");
        byte[] good = Files.readAllBytes(replay);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(run, 0));
        assertTrue(e.getMessage().contains("all 1 of its 1 generations"), e.getMessage());
        Files.write(replay, java.util.Arrays.copyOf(good, good.length - 3));
        e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(run, 2));
        assertTrue(e.getMessage().contains("bytes; its header says"), e.getMessage());
        Files.writeString(replay, "not a buffer at all, but long enough to hold a header");
        e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(run, 2));
        assertTrue(e.getMessage().contains("not a replay buffer"), e.getMessage());
        Files.delete(replay);
        e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(run, 2));
        assertTrue(e.getMessage().contains("replay buffer of generation 1 (replay-1.bin) is missing"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(dir.resolve("none"), 2));
        assertTrue(e.getMessage().contains("nothing to resume"), e.getMessage());

        // a buffer of another run's sizes
        PpoConfig.Builder other = tiny(2);
        other.evalGames = 0;
        other.exit.generations = 1;
        other.exit.buffer = 401;
        Path run2 = dir.resolve("run2");
        ExitTrainer.start(other.build(), run2).train(new ExitTrainer.Listener() { });
        Files.copy(run2.resolve("replay-1.bin"), replay);
        e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.resume(run, 2));
        assertTrue(e.getMessage().contains("holds a buffer of 401 decisions"), e.getMessage());
    }

    @Test
    void bestByGuidedEvaluatesTheGuidedSearchAndKeepsItsBest(@TempDir Path dir) throws IOException {
        PpoConfig.Builder c = tiny(2);
        c.exit.bestBy = ExitConfig.BEST_BY_GUIDED;
        c.evalOpponents = List.of("random", "greedy");
        Path run = dir.resolve("run");
        List<List<dev.kaisen.training.ppo.PpoTrainer.EvalResult>> guided = new ArrayList<>();
        List<Boolean> bests = new ArrayList<>();
        ExitTrainer trainer = ExitTrainer.start(c.build(), run);
        trainer.train(new ExitTrainer.Listener() {
            @Override
            public void guidedEvaluation(List<dev.kaisen.training.ppo.PpoTrainer.EvalResult> results) {
                guided.add(results);
            }

            @Override
            public void evaluation(List<dev.kaisen.training.ppo.PpoTrainer.EvalResult> results, boolean best) {
                bests.add(best);
            }
        });
        assertEquals(2, guided.size());
        List<String> rows = Files.readAllLines(run.resolve("eval-guided.csv"));
        assertEquals(5, rows.size(), "header + 2 bots at each of 2 evaluations");
        assertEquals(dev.kaisen.training.ppo.RunFiles.EVAL_HEADER, rows.get(0));
        assertEquals(5, Files.readAllLines(run.resolve("eval.csv")).size(), "the raw policy is still evaluated");
        // best.zip is the checkpoint whose guided mean win rate was highest (the first on a tie)
        double[] means = guided.stream().mapToDouble(r -> r.stream().mapToDouble(
                dev.kaisen.training.ppo.PpoTrainer.EvalResult::winRate).average().orElseThrow()).toArray();
        assertEquals(List.of(true, means[1] > means[0]), bests);
        Checkpoint.Progress p = Checkpoint.readProgress(run.resolve("best.zip"));
        assertEquals(Math.max(means[0], means[1]), p.bestScore(), 1e-12);
        assertEquals("guided", Checkpoint.readConfig(run.resolve("last.zip")).exit.bestBy);
        PpoConfig.Builder bad = tiny(2);
        bad.exit.bestBy = "fastest";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ExitTrainer.start(bad.build(), dir.resolve("bad")));
        assertTrue(e.getMessage().contains("best-by must be raw or guided"), e.getMessage());
    }

    @Test
    void threePlayerRunTrainsAndItsSearchPlays(@TempDir Path dir) {
        Path run = dir.resolve("run3");
        PpoConfig.Builder c = tiny(3);
        c.exit.generations = 1;
        ExitTrainer trainer = ExitTrainer.start(c.build(), run);
        trainer.train(new ExitTrainer.Listener() { });
        assertEquals(1, trainer.generation());
        SeatEvaluation.Result r = SeatEvaluation.run(new OsakaGame(3), "ismcts:8:net=" + run.resolve("best.zip"),
                "greedy", 3, 1, 1);
        assertEquals(3, r.games());
    }

    @Test
    void aRunDoesNotDependOnTheThreadCount(@TempDir Path dir) {
        List<dev.kaisen.training.net.MlpWeights> nets = new ArrayList<>();
        for (int threads : new int[]{1, 2}) {
            PpoConfig.Builder c = tiny(2);
            c.threads = threads;
            c.evalGames = 0;
            c.exit.generations = 1;
            ExitTrainer trainer = ExitTrainer.start(c.build(), dir.resolve("t" + threads));
            trainer.train(new ExitTrainer.Listener() { });
            nets.add(trainer.network().export());
        }
        assertEquals(nets.get(0), nets.get(1));
    }

    @Test
    void aRunStartsFromAPpoNetworkWithAFreshValueHeadOrFromAnExpertIterationOneWhole(@TempDir Path dir)
            throws IOException {
        PpoConfig.Builder p = TinyRuns.ppo(128, 8);
        p.opponents = List.of("random");
        p.rewardMode = "score_difference";
        p.evalGames = 0;
        Path ppo = dir.resolve("ppo");
        MlpWeights trained;
        try (PpoTrainer trainer = PpoTrainer.start(p.build(), ppo)) {
            trainer.train(new PpoTrainer.Listener() { });
            trained = trainer.network().export();
        }
        PpoConfig.Builder c = tiny(2);
        c.evalGames = 0;
        c.init = "dl4j:" + ppo.resolve("last.zip");
        Path run = dir.resolve("run");
        ExitTrainer trainer = ExitTrainer.start(c.build(), run);
        assertEquals(trained.withConstantValue(0.5f), trainer.network().export(),
                "PPO's hidden layers and policy head; a value head of 1/players, not PPO's score-difference one");
        assertEquals(0, trainer.network().updates(), "with a fresh optimizer");
        float[] logits = new float[trained.actions()];
        assertEquals(0.5f, trainer.network().export().forward(new float[trained.inputSize()], trained.scratch(), logits));
        trainer.train(new ExitTrainer.Listener() { });
        MlpWeights distilled = trainer.network().export();
        assertFalse(distilled.equals(trained.withConstantValue(0.5f)), "then trained");
        assertEquals(c.init, Checkpoint.readConfig(run.resolve("last.zip")).init, "the checkpoint records where it started");

        // an expert-iteration network is taken whole: its value head is on the win-share scale already
        PpoConfig.Builder again = tiny(2);
        again.evalGames = 0;
        again.init = run.resolve("last.zip").toString();
        assertEquals(distilled, ExitTrainer.start(again.build(), dir.resolve("again")).network().export());

        PpoConfig.Builder wide = tiny(2);
        wide.hidden = new int[]{32};
        wide.init = c.init;
        var e = assertThrows(IllegalArgumentException.class, () -> ExitTrainer.start(wide.build(), dir.resolve("wide")));
        assertTrue(e.getMessage().contains("hidden layers [16]") && e.getMessage().contains("--hidden"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("wide")), "refused before the run folder is made");

        // an equal player's win share: 1/3 at three players
        p.players = 3;
        try (PpoTrainer ppo3 = PpoTrainer.start(p.build(), dir.resolve("ppo3"))) {
            ppo3.train(new PpoTrainer.Listener() { });
            trained = ppo3.network().export();
        }
        PpoConfig.Builder three = tiny(3);
        three.evalGames = 0;
        three.init = dir.resolve("ppo3").resolve("last.zip").toString();
        assertEquals(trained.withConstantValue(1f / 3), ExitTrainer.start(three.build(), dir.resolve("three")).network().export());
    }

    @Test
    void withoutEvaluationsBestFollowsLast(@TempDir Path dir) throws IOException {
        // --eval-games 0: no best to keep, so best.zip is last.zip at every checkpoint (not the first one forever)
        PpoConfig.Builder c = tiny(2);
        c.evalGames = 0;
        c.threads = 1;
        Path run = dir.resolve("run");
        List<Boolean> bests = new ArrayList<>();
        ExitTrainer trainer = ExitTrainer.start(c.build(), run);
        trainer.train(new ExitTrainer.Listener() {
            @Override
            public void evaluation(List<dev.kaisen.training.ppo.PpoTrainer.EvalResult> results, boolean best) {
                assertTrue(results.isEmpty());
                bests.add(best);
            }
        });
        assertEquals(List.of(false, false), bests, "two checkpoints, none a new best");
        assertEquals(trainer.network().export(), Checkpoint.read(run.resolve("best.zip")).network().export());
        assertEquals(trainer.network().export(), Checkpoint.read(run.resolve("last.zip")).network().export());
        assertEquals(1, Files.readAllLines(run.resolve("eval.csv")).size(), "the header alone");
        assertEquals(List.of(), Checkpoint.read(run.resolve("last.zip")).config().opponents,
                "expert iteration has no opponent pool");
    }

    @Test
    void badNetNamesAreClearErrors(@TempDir Path dir) {
        OsakaGame game = new OsakaGame(2);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Agents.create(game, "ismcts:10:net=", 1));
        assertTrue(e.getMessage().contains("net= needs a checkpoint"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Agents.create(game, "ismcts:10:net=" + dir.resolve("missing.zip"), 1));
        assertTrue(e.getMessage().contains("no checkpoint at"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Agents.create(game, "ismcts:10:value=0.5", 1));
        assertTrue(e.getMessage().contains("needs net="), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Agents.create(game, "ismcts:10:value=2:net=x.zip", 1));
        assertTrue(e.getMessage().contains("from 0 to 1"), e.getMessage());

        // a PPO checkpoint: its value head is on another scale, so it gives the prior only
        PpoConfig.Builder ppo = new PpoConfig.Builder();
        Path ppoZip = dir.resolve("ppo.zip");
        PolicyNetwork net = PolicyNetwork.create(Encoders.create(game, ppo.view).size(), game.numDistinctActions(),
                new int[]{8}, 1e-3, 1);
        Checkpoint.write(ppoZip, net, ppo.build().validate(), new Checkpoint.Progress(0, 0, 0, 0, 0, 0, 0, 0, 0), List.of());
        assertEquals("ismcts:8:value=0.0:net=" + ppoZip, Agents.create(game, "ismcts:8:net=" + ppoZip, 1).name());
        e = assertThrows(IllegalArgumentException.class,
                () -> Agents.create(game, "ismcts:8:value=0.5:net=" + ppoZip, 1));
        assertTrue(e.getMessage().contains("prior only"), e.getMessage());

        // a network for another game, or another player count
        e = assertThrows(IllegalArgumentException.class, () -> Agents.create(new OsakaGame(3), "ismcts:8:net=" + ppoZip, 1));
        assertTrue(e.getMessage().contains("trained on osaka {\"players\":2}"), e.getMessage());
        for (String other : Games.ids()) {
            if (!other.equals("osaka")) {
                e = assertThrows(IllegalArgumentException.class, () -> Agents.create(Games.create(other,
                        GameConfig.of(2)), "ismcts:8:net=" + ppoZip, 1));
                assertTrue(e.getMessage().contains("cannot play " + other), e.getMessage());
            }
        }
    }
}
