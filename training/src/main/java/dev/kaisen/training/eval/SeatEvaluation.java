package dev.kaisen.training.eval;

import dev.kaisen.env.Agent;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.ParallelGames;
import dev.kaisen.env.RecordFolder;
import dev.kaisen.env.SelfPlay;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.observation.EnvInfo;
import dev.kaisen.observation.RewardMode;
import dev.kaisen.observation.SingleEnv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The head-to-head evaluation protocol, for any game: one agent against copies of one
 * opponent, the agent's seat rotated. Game i puts it at seat {@code i mod players} of a
 * single-learner env reset with {@code SplitMix64.derive(seed, i)} (which deals the game and
 * seeds the opponents), and seeds the agent with {@code derive(derive(seed, i), 0)}.
 *
 * <p>This is the protocol of the trainer's {@code eval.csv} and of Python's
 * {@code kaisen.evaluate}: a named agent (e.g. {@code dl4j:...}) and a Python policy
 * evaluated with the same seed meet the same deals and opponents. {@link Tournament} is the
 * layer above it for several agents at once (every mix of agents over the seats, with
 * Bradley-Terry ratings); with two agents and two players the two protocols play the same
 * seat assignments but different deals.
 */
public final class SeatEvaluation {
    /**
     * @param wins        the agent's win shares (a win shared by k players counts 1/k)
     * @param seatGames   games played at each seat
     * @param seatWins    win shares at each seat
     * @param meanScore   the agent's mean final score (the game's own unit, e.g. VP)
     */
    public record Result(String game, String agent, String opponent, int players, int games, long seed, double wins,
                         double winRate, double winRateLow, double winRateHigh, int[] seatGames, double[] seatWins,
                         double meanScore, double opponentMeanScore, double meanDecisions) {
    }

    private SeatEvaluation() {
    }

    public static <S extends GameState<S>> Result run(Game<S> game, String agent, String opponent, int games, long seed,
                                                      int threads) {
        return run(game, agent, opponent, games, seed, threads, Agents.factory(game));
    }

    /** As above, with a factory that knows more names (e.g. a trainer's policy under evaluation). */
    public static <S extends GameState<S>> Result run(Game<S> game, String agent, String opponent, int games, long seed,
                                                      int threads, Agents.Factory<S> factory) {
        return run(game, agent, opponent, games, seed, threads, factory, null);
    }

    /**
     * As above; with {@code recordsDir} (null: none), each game's {@link dev.kaisen.env.GameRecord}
     * (every seat's decisions, the opponents' included, and every chance outcome) is written there
     * as {@link RecordFolder#file}{@code (recordsDir, i)}, the same format and names as self-play's
     * records.
     */
    public static <S extends GameState<S>> Result run(Game<S> game, String agent, String opponent, int games, long seed,
                                                      int threads, Agents.Factory<S> factory, Path recordsDir) {
        Agents.validate(List.of(agent, opponent), factory);
        SelfPlay.checkGames("games", games);
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive");
        }
        int players = game.numPlayers();
        Outcomes outcomes = new Outcomes(games, players);
        List<SingleEnv.Config<S>> configs = new ArrayList<>();
        for (int s = 0; s < players; s++) {
            configs.add(new SingleEnv.Config<>(game, s, List.of(opponent), RewardMode.TERMINAL, null,
                    dev.kaisen.observation.IllegalActionMode.RAISE, factory));
        }
        if (recordsDir != null) {
            RecordFolder.create(recordsDir);
        }
        ParallelGames.run(games, threads, i -> {
            int seat = i % players;
            long gameSeed = SplitMix64.derive(seed, i);
            SingleEnv<S> env = new SingleEnv<>(configs.get(seat));
            env.recording(recordsDir != null);
            env.reset(gameSeed);
            Agent<S> me = factory.create(agent, SplitMix64.derive(gameSeed, 0));
            while (!env.done()) {
                env.step(me.chooseAction(env.state()));
            }
            if (recordsDir != null) {
                RecordFolder.write(recordsDir, i, env.record());
            }
            outcomes.record(i, seat, env.info());
        });
        return outcomes.summary(game.id(), agent, opponent, seed);
    }

    /** Each game's outcome for the evaluated seat, written by one worker per game, then summed in game order. */
    private static final class Outcomes {
        final int players;
        final double[] share;
        final double[] score;
        final double[] oppScore;
        final int[] decisions;

        Outcomes(int games, int players) {
            this.players = players;
            this.share = new double[games];
            this.score = new double[games];
            this.oppScore = new double[games];
            this.decisions = new int[games];
        }

        /** Game {@code i}, played from {@code seat}: its share of the win, its score and the others' mean. */
        void record(int i, int seat, EnvInfo info) {
            int winners = info.winners().length;
            for (int w : info.winners()) {
                if (w == seat) {
                    share[i] = 1.0 / winners;
                }
            }
            score[i] = info.scores()[seat];
            double others = 0;
            for (int p = 0; p < players; p++) {
                others += p == seat ? 0 : info.scores()[p];
            }
            oppScore[i] = others / (players - 1);
            decisions[i] = info.decisions();
        }

        Result summary(String gameId, String agent, String opponent, long seed) {
            int games = share.length;
            int[] seatGames = new int[players];
            double[] seatWins = new double[players];
            double wins = 0;
            double sumScore = 0;
            double sumOpp = 0;
            double sumDecisions = 0;
            for (int i = 0; i < games; i++) {
                seatGames[i % players]++;
                seatWins[i % players] += share[i];
                wins += share[i];
                sumScore += score[i];
                sumOpp += oppScore[i];
                sumDecisions += decisions[i];
            }
            double[] ci = Wilson.interval95(wins, games);
            return new Result(gameId, agent, opponent, players, games, seed, wins, wins / games, ci[0], ci[1],
                    seatGames, seatWins, sumScore / games, sumOpp / games, sumDecisions / games);
        }
    }
}
