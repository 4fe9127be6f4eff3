package dev.kaisen.env.merchants;

import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import dev.kaisen.env.merchants.MerchantsData.CityJson;
import dev.kaisen.env.merchants.MerchantsData.DataJson;
import dev.kaisen.env.merchants.MerchantsData.RoadJson;
import dev.kaisen.env.merchants.MerchantsData.SetupJson;
import dev.kaisen.env.merchants.MerchantsData.SpaceJson;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.CITY_GOODS;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.MAX_DEGREE;
import static dev.kaisen.env.merchants.MerchantsData.MAX_FORKS;
import static dev.kaisen.env.merchants.MerchantsData.MAX_NODES;
import static dev.kaisen.env.merchants.MerchantsData.MAX_ROADS;
import static dev.kaisen.env.merchants.MerchantsData.MAX_ROAD_SPACES;
import static dev.kaisen.env.merchants.MerchantsData.MAX_SETUPS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * The map part of a data file, read and validated in the file's order (see {@link MerchantsData}'s
 * class comment for the node ids and the checks): the cities and their markets, the forks, the
 * roads with their spaces, each place's sorted neighbours, and the setups placing the wagons and the
 * courier on it.
 */
final class MerchantsMap {
    final int[][] cityGoods = new int[CITIES][];
    final boolean[][] cityShows = new boolean[CITIES][GOODS];
    final String[] nodeNames;
    final int[][] neighbours;
    final int[][] setupWagons;
    final int[] setupCourier;
    /** The number of forks (places {@value MerchantsData#CITIES} on). */
    final int forks;
    /** Per road, in file order: its {@code from} end, its {@code to} end, then its spaces from the {@code from} end. */
    final List<int[]> roads = new ArrayList<>();
    /** Place ids by name: the cities, then the forks. */
    private final Map<String, Integer> ids = new HashMap<>();
    private final List<String> names = new ArrayList<>();
    private final List<List<Integer>> adj = new ArrayList<>();
    /** The spaces of each road, from its {@code from} end, keyed {@code from + "\0" + to}. */
    private final Map<String, int[]> roadSpaces = new HashMap<>();

    MerchantsMap(DataJson j, List<String> goods) {
        List<CityJson> cities = Json.require(j.cities(), "cities");
        if (cities.size() != CITIES) {
            throw new GameFormatException("cities must list " + CITIES + " cities, not " + cities.size());
        }
        List<String> forks = j.forks() == null ? List.of() : j.forks();
        List<RoadJson> roads = Json.require(j.roads(), "roads");
        MerchantsData.atMost(forks.size(), MAX_FORKS, "forks", "forks",
                "with the cities, a map has at most " + MAX_NODES + " places");
        MerchantsData.atMost(roads.size(), MAX_ROADS, "roads", "roads",
                "a place has at most " + MAX_DEGREE + " roads and a map at most " + MAX_NODES + " places");
        readCities(cities, goods);
        readForks(forks);
        this.forks = forks.size();
        for (int k = 0; k < names.size(); k++) {
            adj.add(new ArrayList<>());
        }
        for (int r = 0; r < roads.size(); r++) {
            readRoad(r, Json.require(roads.get(r), "roads[" + r + "]"));
        }
        if (names.size() > MAX_NODES) {
            throw new GameFormatException("the map has " + names.size() + " places (cities, forks and spaces); at most "
                    + MAX_NODES);
        }
        nodeNames = names.toArray(new String[0]);
        neighbours = new int[nodeNames.length][];
        for (int v = 0; v < nodeNames.length; v++) {
            neighbours[v] = sortedNeighbours(v, forks.size());
        }
        requireCitiesReached();
        requireNoLoopWithoutCity();
        List<SetupJson> setups = Json.require(j.setups(), "setups");
        if (setups.isEmpty()) {
            throw new GameFormatException("setups must list at least one setup");
        }
        MerchantsData.atMost(setups.size(), MAX_SETUPS, "setups", "setups", null);
        setupWagons = new int[setups.size()][WAGONS];
        setupCourier = new int[setups.size()];
        for (int s = 0; s < setups.size(); s++) {
            readSetup(s, Json.require(setups.get(s), "setups[" + s + "]"));
        }
    }

    private void readCities(List<CityJson> cities, List<String> g) {
        for (int c = 0; c < CITIES; c++) {
            CityJson cj = Json.require(cities.get(c), "cities[" + c + "]");
            String cn = Json.require(cj.name(), "cities[" + c + "].name");
            if (ids.putIfAbsent(cn, c) != null) {
                throw new GameFormatException("city '" + cn + "' is listed twice");
            }
            names.add(cn);
            List<String> cg = Json.require(cj.goods(), "cities[" + c + "].goods");
            if (cg.size() != CITY_GOODS || new HashSet<>(cg).size() != CITY_GOODS) {
                throw new GameFormatException("city " + cn + " must show " + CITY_GOODS + " distinct goods, not " + cg);
            }
            cityGoods[c] = new int[CITY_GOODS];
            for (int k = 0; k < CITY_GOODS; k++) {
                int gi = g.indexOf(cg.get(k));
                if (gi < 0) {
                    throw new GameFormatException("city " + cn + " shows unknown good '" + cg.get(k) + "' (goods: " + g + ")");
                }
                cityGoods[c][k] = gi;
                cityShows[c][gi] = true;
            }
            Arrays.sort(cityGoods[c]);
        }
    }

    private void readForks(List<String> forks) {
        for (String f : forks) {
            if (f == null || ids.putIfAbsent(f, names.size()) != null) {
                throw new GameFormatException("fork '" + f + "' is listed twice or has a city's name");
            }
            names.add(f);
        }
    }

    /** Road r: its spaces become places named {@code from-to#k}, linked in a chain from end to end. */
    private void readRoad(int r, RoadJson rj) {
        Integer a = ids.get(rj.from());
        Integer b = ids.get(rj.to());
        if (a == null || b == null) {
            throw new GameFormatException("road " + r + " joins unknown place '" + (a == null ? rj.from() : rj.to())
                    + "' (cities and forks: " + names + ")");
        }
        if (a.equals(b)) {
            throw new GameFormatException("road " + r + " joins " + rj.from() + " to itself");
        }
        int k = MerchantsData.within(rj.spaces(), 0, MAX_ROAD_SPACES, "roads[" + r + "].spaces");
        int[] spaces = new int[k];
        int prev = a;
        for (int s = 0; s < k; s++) {
            int id = names.size();
            names.add(rj.from() + "-" + rj.to() + "#" + (s + 1));
            adj.add(new ArrayList<>());
            link(prev, id);
            spaces[s] = id;
            prev = id;
        }
        link(prev, b);
        int[] road = new int[k + 2];
        road[0] = a;
        road[1] = b;
        System.arraycopy(spaces, 0, road, 2, k);
        roads.add(road);
        if (roadSpaces.containsKey(rj.to() + "\u0000" + rj.from())
                || roadSpaces.put(rj.from() + "\u0000" + rj.to(), spaces) != null) {
            throw new GameFormatException("two roads join " + rj.from() + " and " + rj.to() + "; give one road");
        }
    }

    private void link(int a, int b) {
        adj.get(a).add(b);
        adj.get(b).add(a);
    }

    /** Place v's neighbours, ascending (the order of the branch and courier actions), checked. */
    private int[] sortedNeighbours(int v, int forks) {
        List<Integer> nb = adj.get(v);
        if (nb.size() > MAX_DEGREE) {
            throw new GameFormatException(nodeNames[v] + " has " + nb.size() + " roads; at most " + MAX_DEGREE);
        }
        if (v < CITIES && nb.isEmpty()) {
            throw new GameFormatException("city " + nodeNames[v] + " has no road");
        }
        if (v >= CITIES && v < CITIES + forks && nb.size() < 2) {
            throw new GameFormatException("fork " + nodeNames[v] + " needs at least 2 roads, has " + nb.size());
        }
        int[] sorted = nb.stream().mapToInt(Integer::intValue).sorted().toArray();
        for (int w = 1; w < sorted.length; w++) {
            if (sorted[w] == sorted[w - 1]) {
                throw new GameFormatException("two roads join " + nodeNames[v] + " and " + nodeNames[sorted[w]]
                        + " directly; give one of them a space");
            }
        }
        return sorted;
    }

    private void requireCitiesReached() {
        boolean[] seen = new boolean[nodeNames.length];
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(0));
        seen[0] = true;
        while (!queue.isEmpty()) {
            for (int w : neighbours[queue.poll()]) {
                if (!seen[w]) {
                    seen[w] = true;
                    queue.add(w);
                }
            }
        }
        for (int c = 0; c < CITIES; c++) {
            if (!seen[c]) {
                throw new GameFormatException("city " + nodeNames[c] + " cannot be reached from " + nodeNames[0]);
            }
        }
    }

    /**
     * Refuses a loop of roads that passes no city: a wagon on it could travel forever without
     * arriving. The forks and road spaces, with the roads between them, must form a forest.
     */
    private void requireNoLoopWithoutCity() {
        int[] parent = new int[nodeNames.length];
        for (int v = 0; v < parent.length; v++) {
            parent[v] = v;
        }
        for (int v = CITIES; v < parent.length; v++) {
            for (int u : neighbours[v]) {
                if (u > v) {
                    int a = root(parent, v);
                    int b = root(parent, u);
                    if (a == b) {
                        throw new GameFormatException("the roads through " + nodeNames[v] + " and " + nodeNames[u]
                                + " close a loop that passes no city; a wagon there would never arrive");
                    }
                    parent[a] = b;
                }
            }
        }
    }

    private static int root(int[] parent, int v) {
        while (parent[v] != v) {
            v = parent[v] = parent[parent[v]];
        }
        return v;
    }

    /** Setup s: three distinct cities for the wagons, and the courier's space on a named road. */
    private void readSetup(int s, SetupJson sj) {
        List<String> w = Json.require(sj.wagons(), "setups[" + s + "].wagons");
        if (w.size() != WAGONS || new HashSet<>(w).size() != WAGONS) {
            throw new GameFormatException("setup " + s + " must place " + WAGONS + " wagons in distinct cities, not " + w);
        }
        for (int k = 0; k < WAGONS; k++) {
            Integer c = ids.get(w.get(k));
            if (c == null || c >= CITIES) {
                throw new GameFormatException("setup " + s + " places a wagon in '" + w.get(k) + "', which is not a city");
            }
            setupWagons[s][k] = c;
        }
        Arrays.sort(setupWagons[s]);
        SpaceJson cj = Json.require(sj.courier(), "setups[" + s + "].courier");
        int[] spaces = roadSpaces.get(cj.from() + "\u0000" + cj.to());
        boolean reversed = false;
        if (spaces == null) {
            spaces = roadSpaces.get(cj.to() + "\u0000" + cj.from());
            reversed = true;
        }
        if (spaces == null) {
            throw new GameFormatException("setup " + s + ": no road joins " + cj.from() + " and " + cj.to());
        }
        int at = Json.require(cj.space(), "setups[" + s + "].courier.space");
        if (at < 1 || at > spaces.length) {
            throw new GameFormatException("setup " + s + ": the courier's space must be 1.." + spaces.length
                    + " on the road " + cj.from() + "-" + cj.to() + ", not " + at);
        }
        setupCourier[s] = reversed ? spaces[spaces.length - at] : spaces[at - 1];
    }
}
