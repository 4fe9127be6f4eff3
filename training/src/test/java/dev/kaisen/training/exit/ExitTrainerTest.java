package dev.kaisen.training.exit;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.GameConfig;
import dev.kaisen.env.Games;
import dev.kaisen.env.osaka.OsakaGame;
import dev.kaisen.env.osaka.OsakaState;
import dev.kaisen.observation.Encoders;
import dev.kaisen.training.config.ExitConfig;
import dev.kaisen.training.config.PpoConfig;
import dev.kaisen.training.eval.SeatEvaluation;
import dev.kaisen.training.net.Checkpoint;
import dev.kaisen.training.net.PolicyNetwork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertTrue(e.getMessage().contains("cannot resume"), e.getMessage());
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
