package dev.kaisen.training.eval;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.kaisen.env.Agents;
import dev.kaisen.env.Game;
import dev.kaisen.env.GameState;
import dev.kaisen.env.Json;
import dev.kaisen.env.SplitMix64;
import dev.kaisen.env.UserFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * A round-robin of named agents in one game and player count, and the ratings it supports: every
 * pair of agents plays a {@link Tournament} of its own ({@code gamesPerPairing} games, every mix of
 * the two over the seats, rotated), and one Bradley-Terry fit over every pairing's encounters
 * (pairs of seats the two held in one game; ranking ahead scores 1, an equal rank 0.5) gives each
 * agent an Elo rating with a 95% interval.
 *
 * <p>Resuming: the board is written to its file after every pairing; a run given a file that
 * already holds a board of the same game, options, games per pairing and seed plays only the
 * pairings it lacks (pairings of agents no longer listed stay, and are rated). A pairing is
 * played and stored with its two names in sorted order, {@code (a, b)} with {@code a < b}, and
 * dealt from {@code derive(seed, hash of "a\nb")}, so it plays the same games whatever else the
 * board holds, in whatever order the field is listed.
 *
 * <p>Ratings need every rated agent connected to the others by pairings: where the pairings
 * played so far split the agents into groups that never met (a resumed board whose new agents have
 * not yet met the old ones), only the largest group is rated and the others are listed as unrated
 * ({@link Board#unrated}).
 */
public final class Leaderboard {
    /** Search budgets of the default field: a quick and a strong determinized search. */
    static final int QUICK_SEARCH = 200;
    static final int STRONG_SEARCH = 1000;
    /** The budget of the guided search with a zoo model as its prior and value. */
    static final int GUIDED_SEARCH = 350;

    /**
     * One pairing: {@code agent}'s points against {@code opponent} over their encounters, with a
     * 95% Wilson interval, and each one's win rate over its seats (a shared win among k winners
     * counts 1/k).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Pairing(String agent, String opponent, int games, long seed, int encounters, double points,
                          double rate, double rateLow, double rateHigh, double agentWinRate,
                          double opponentWinRate, double seconds) {
        /** This pairing seen from the other side. */
        Pairing flipped() {
            return new Pairing(opponent, agent, games, seed, encounters, encounters - points, 1 - rate, 1 - rateHigh,
                    1 - rateLow, opponentWinRate, agentWinRate, seconds);
        }
    }

    /** One agent's rating: Elo with its 95% interval (1.96 standard errors), and its encounters and points. */
    public record Rating(int rank, String agent, double elo, double eloLow, double eloHigh, double eloStandardError,
                         int encounters, double points) {
    }

    /**
     * The board: the settings, every pairing played (in the order played), and the ratings over
     * all of them; {@code complete} when every pair of {@code agents} has played.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Board(String game, Map<String, Object> config, int players, List<String> agents,
                        int gamesPerPairing, long seed, List<Pairing> pairings, List<Rating> ratings,
                        List<String> unrated, boolean complete) {
        public Board {
            if (game == null || agents == null || pairings == null) {
                throw new IllegalArgumentException("not a leaderboard: it needs game, agents and pairings");
            }
            agents = List.copyOf(agents);
            pairings = List.copyOf(pairings);
            ratings = ratings == null ? List.of() : List.copyOf(ratings);
            unrated = unrated == null ? List.of() : List.copyOf(unrated);
        }

        /** Pairings of {@link #agents} not played yet. */
        public int missingPairings() {
            return missing(agents, this).size();
        }
    }

    private Leaderboard() {
    }

    /**
     * The default field of a game and player count: {@code random}, the game's bots, the
     * determinized searches {@code ismcts:200} and {@code ismcts:1000}, the given models (agent
     * names, e.g. the zoo's for this game and player count), and each model guiding {@code ismcts:350}.
     */
    public static <S extends GameState<S>> List<String> defaultAgents(Game<S> game, List<String> models) {
        List<String> agents = new ArrayList<>();
        agents.add("random");
        agents.addAll(game.descriptor().botNames());
        agents.add("ismcts:" + QUICK_SEARCH);
        agents.add("ismcts:" + STRONG_SEARCH);
        agents.addAll(models);
        for (String model : models) {
            agents.add("ismcts:" + GUIDED_SEARCH + ":net=" + model);
        }
        return List.copyOf(new LinkedHashSet<>(agents));
    }

    /**
     * The pairings {@code agents} need that {@code board} (null: none) lacks, in round-robin order,
     * each as its two names in sorted order (the order it is played and stored in).
     */
    public static List<List<String>> missing(List<String> agents, Board board) {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            for (int j = i + 1; j < agents.size(); j++) {
                String a = agents.get(i);
                String b = agents.get(j);
                if (board == null || find(board.pairings(), a, b) == null) {
                    out.add(a.compareTo(b) < 0 ? List.of(a, b) : List.of(b, a));
                }
            }
        }
        return out;
    }

    /** The pairing of {@code a} and {@code b} as {@code a}'s (flipped if it was played as b against a), or null. */
    static Pairing find(List<Pairing> pairings, String a, String b) {
        for (Pairing p : pairings) {
            if (p.agent().equals(a) && p.opponent().equals(b)) {
                return p;
            }
            if (p.agent().equals(b) && p.opponent().equals(a)) {
                return p.flipped();
            }
        }
        return null;
    }

    /** The seed pairing {@code (a, b)} is dealt from. */
    static long pairingSeed(long seed, String a, String b) {
        return SplitMix64.derive(seed, (a + "\n" + b).hashCode());
    }

    /**
     * Reads the board in {@code file}, or null when there is none; a board of other settings is an
     * error (it names them), so that a resumed run never mixes two protocols.
     */
    public static <S extends GameState<S>> Board resume(Path file, Game<S> game, int gamesPerPairing, long seed) {
        if (!Files.exists(file)) {
            return null;
        }
        Board old = UserFiles.readJson(file, 64L << 20, "leaderboard", Board.class);
        Map<String, Object> config = game.config().toMap();
        if (!game.id().equals(old.game()) || !Objects.equals(config, old.config())
                || gamesPerPairing != old.gamesPerPairing() || seed != old.seed()) {
            throw new IllegalArgumentException(file + " holds a leaderboard of " + old.game() + " " + old.config()
                    + ", " + old.gamesPerPairing() + " games per pairing, seed " + old.seed() + "; this run is "
                    + game.id() + " " + config + ", " + gamesPerPairing + " games per pairing, seed " + seed
                    + ": give the same settings to resume it, or another --out");
        }
        return old;
    }

    /**
     * Plays every pairing of {@code agents} that {@code file}'s board lacks (see {@link #resume}),
     * writing the board after each, and returns the finished board. {@code progress} hears of
     * every game played.
     */
    public static <S extends GameState<S>> Board run(Game<S> game, List<String> agents, int gamesPerPairing,
                                                     long seed, int threads, Path file, IntConsumer progress) {
        Agents.validate(game, agents);
        if (new LinkedHashSet<>(agents).size() != agents.size() || agents.size() < 2) {
            throw new IllegalArgumentException("a leaderboard needs at least two different agents, got " + agents);
        }
        Board old = resume(file, game, gamesPerPairing, seed);
        List<Pairing> pairings = new ArrayList<>(old == null ? List.of() : old.pairings());
        LinkedHashSet<String> field = new LinkedHashSet<>(old == null ? List.of() : old.agents());
        field.addAll(agents);
        Board board = board(game, List.copyOf(field), gamesPerPairing, seed, pairings);
        List<List<String>> toPlay = missing(agents, old);
        for (List<String> pair : toPlay) {
            pairings.add(play(game, pair.get(0), pair.get(1), gamesPerPairing, seed, threads, progress));
            board = board(game, List.copyOf(field), gamesPerPairing, seed, pairings);
            write(file, board);
        }
        if (toPlay.isEmpty()) {
            write(file, board); // the ratings as this version fits them
        }
        return board;
    }

    private static <S extends GameState<S>> Pairing play(Game<S> game, String a, String b, int games, long seed,
                                                         int threads, IntConsumer progress) {
        long pairSeed = pairingSeed(seed, a, b);
        Tournament.Result r = Tournament.run(new Tournament.Config<>(game, List.of(a, b), games, pairSeed, threads),
                progress);
        Tournament.PairResult p = r.pairs().get(0);
        return new Pairing(a, b, games, pairSeed, p.encounters(), p.points(), p.rate(), p.rateLow(), p.rateHigh(),
                r.agents().get(0).winRate(), r.agents().get(1).winRate(), r.seconds());
    }

    /** The board of these pairings: ratings fitted, ranked by Elo. */
    static <S extends GameState<S>> Board board(Game<S> game, List<String> agents, int gamesPerPairing, long seed,
                                                List<Pairing> pairings) {
        boolean complete = missing(agents, new Board(game.id(), Map.of(), 0, agents, 0, 0, pairings, null, null,
                false)).isEmpty();
        List<Rating> ratings = ratings(agents, pairings);
        List<String> unrated = new ArrayList<>(agents);
        unrated.removeAll(ratings.stream().map(Rating::agent).toList());
        return new Board(game.id(), game.config().toMap(), game.numPlayers(), agents, gamesPerPairing, seed,
                pairings, ratings, unrated, complete);
    }

    /** The largest group of {@code agents} that pairings with encounters connect (the first such on a tie), in field order. */
    static List<String> connected(List<String> agents, List<Pairing> pairings) {
        List<String> best = List.of();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (String start : agents) {
            if (!seen.add(start)) {
                continue;
            }
            java.util.Set<String> group = new java.util.HashSet<>(List.of(start));
            java.util.ArrayDeque<String> queue = new java.util.ArrayDeque<>(List.of(start));
            while (!queue.isEmpty()) {
                String a = queue.poll();
                for (Pairing p : pairings) {
                    String other = p.agent().equals(a) ? p.opponent() : p.opponent().equals(a) ? p.agent() : null;
                    if (other != null && p.encounters() > 0 && agents.contains(other) && group.add(other)) {
                        seen.add(other);
                        queue.add(other);
                    }
                }
            }
            if (group.size() > best.size()) {
                best = agents.stream().filter(group::contains).toList();
            }
        }
        return best;
    }

    /**
     * Elo ratings with 95% intervals from every pairing's encounters, best first, of the largest
     * group of agents the pairings connect ({@link #connected}); the others are left out.
     */
    public static List<Rating> ratings(List<String> agents, List<Pairing> pairings) {
        List<String> rated = connected(agents, pairings);
        if (rated.size() < 2) {
            return List.of();
        }
        BradleyTerry bt = new BradleyTerry(rated.size());
        int[] encounters = new int[rated.size()];
        double[] points = new double[rated.size()];
        for (Pairing p : pairings) {
            int i = rated.indexOf(p.agent());
            int j = rated.indexOf(p.opponent());
            if (i >= 0 && j >= 0) {
                bt.add(i, j, p.points(), p.encounters());
                encounters[i] += p.encounters();
                encounters[j] += p.encounters();
                points[i] += p.points();
                points[j] += p.encounters() - p.points();
            }
        }
        BradleyTerry.Ratings fit = bt.fit();
        Integer[] order = new Integer[rated.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(fit.elo()[y], fit.elo()[x]));
        List<Rating> out = new ArrayList<>();
        for (int k = 0; k < order.length; k++) {
            int i = order[k];
            double half = Tournament.Z95 * fit.standardError()[i];
            out.add(new Rating(k + 1, rated.get(i), fit.elo()[i], fit.elo()[i] - half, fit.elo()[i] + half,
                    fit.standardError()[i], encounters[i], points[i]));
        }
        return out;
    }

    /** Writes the board to {@code file} whole or not at all (a new file moved over the old one). */
    public static void write(Path file, Board board) {
        try {
            UserFiles.writeAtomically(file, tmp -> Files.writeString(tmp, Json.write(board, true) + "\n"));
        } catch (IOException e) {
            throw new UserFiles.FileException("cannot write " + file + ": " + UserFiles.why(e), e);
        }
    }

    /** The board as Markdown: the ratings, then who beats whom, and the command that reproduces it. */
    public static String markdown(Board b, String gameName, String command) {
        StringBuilder m = new StringBuilder();
        m.append(String.format(Locale.ROOT, "### %s, %d players\n\n", gameName, b.players()));
        m.append(String.format(Locale.ROOT, "%d games per pairing, every mix of the two agents over the seats, "
                + "seat assignments rotated, seed %d%s. Elo: one Bradley-Terry fit over every pair of seats held by "
                + "different agents in a game (ranking ahead scores 1, an equal rank 0.5), centred on 1500, with its "
                + "95%% interval.\n\n", b.gamesPerPairing(), b.seed(), b.complete() ? "" : String.format(Locale.ROOT,
                " (unfinished: %d pairing(s) of these agents not played; the command below plays them)",
                b.missingPairings())));
        m.append("| rank | agent | Elo | 95% interval | encounters | points |\n");
        m.append("|---:|---|---:|---|---:|---:|\n");
        for (Rating r : b.ratings()) {
            m.append(String.format(Locale.ROOT, "| %d | %s | %.0f | %.0f to %.0f | %d | %.1f |\n", r.rank(),
                    cell(r.agent()), r.elo(), r.eloLow(), r.eloHigh(), r.encounters(), r.points()));
        }
        if (!b.unrated().isEmpty()) {
            m.append("\nNot rated (no pairing connects them to the agents above yet): ")
                    .append(String.join(", ", b.unrated().stream().map(Leaderboard::cell).toList())).append(".\n");
        }
        m.append("\nWho beats whom: the first agent's points over the encounters, with a 95% Wilson interval, "
                + "and each one's win rate over its seats.\n\n");
        m.append("| agent | opponent | encounters | rate | 95% interval | win rate (agent) | win rate (opponent) |\n");
        m.append("|---|---|---:|---:|---|---:|---:|\n");
        for (Pairing p : b.pairings()) {
            m.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f%% | %.1f%% to %.1f%% | %.1f%% | %.1f%% |\n",
                    cell(p.agent()), cell(p.opponent()), p.encounters(), 100 * p.rate(), 100 * p.rateLow(),
                    100 * p.rateHigh(), 100 * p.agentWinRate(), 100 * p.opponentWinRate()));
        }
        m.append("\nReproduce: `").append(command).append("`\n");
        return m.toString();
    }

    /** An agent's name as a Markdown table cell: inline code, pipes escaped. */
    static String cell(String agent) {
        return "`" + agent.replace("`", "'").replace("|", "\\|") + "`";
    }
}
