package dev.kaisen.env.merchants;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.kaisen.env.ExplicitChance;
import dev.kaisen.env.GameFormatException;
import dev.kaisen.env.Json;
import dev.kaisen.env.SealedChoices;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * A Merchants of the Middle Ages state as JSON (format {@value #STATE_FORMAT}); it carries every
 * field of {@link MerchantsState}, so reading what was written gives an equal state, mid-move and
 * mid-auction included.
 *
 * <p>Conventions: seats, wagons (0..2), cities (0..5) and goods (0..5) are indexes, goods in the
 * data's order ({@code goods}), cities in its order ({@code cities}); a place (city, fork or road
 * space) is a node id of the data's map ({@link MerchantsData}: the cities first, then the forks,
 * then each road's spaces); {@code -1} means none. Influence kinds are named by their id
 * ({@code market-right}, {@code bargain}, {@code wheelwright}, {@code messenger}, {@code guild},
 * {@code patron}, {@code exemption}); investment cards by their index in the data's
 * {@code investment} list. Money is in florins.
 *
 * <p>Top-level fields, in this order:
 * <ul>
 *   <li>{@code format}, {@code players} (2-4), {@code phase} (a {@link Phase} name),
 *   {@code currentPlayer} (informational: the seat to act, -1 once over), {@code round} (from 1),
 *   {@code firstPlayer}, {@code turn} (position in this round's turn order, 0 = the first player, of
 *   the player to act in turn-ordered phases; {@code players} once such a phase is through),
 *   {@code buyPass} (round 1's buy pass, from 0), {@code decisions}, {@code truncated},
 *   {@code endReason} ({@code NONE}, {@code ARRIVALS}, {@code DECISION_CAP}), {@code rng} (64 bits
 *   in hexadecimal), {@code setup} (the data's setup drawn);</li>
 *   <li>{@code supply} (goods left in the bank, per good), {@code price} (price level per good, 0 =
 *   the lowest line), {@code bonus} (each city's bonus marker in florins), {@code arrivals} (the
 *   wagon track), {@code creditLeft} (credit cards in the bank);</li>
 *   <li>{@code courier}: {@code {node, place}} ({@code place}: the node's name, informational);</li>
 *   <li>{@code wagons}: per wagon {@code {node, place, prev, arrived, arrivedBy, master, cargo}}:
 *   its place, that place's name (informational), the place it came from (-1 in a city), whether it
 *   arrived in a city this round, the seat that moved it in (-1), its loading master (-1) and
 *   {@code cargo[seat][good]};</li>
 *   <li>{@code seats}: per seat {@code {money, status, credit, tiles, influence, warehouses}}: money,
 *   status level (0 = the lowest), whether it holds a credit card, its face-up movement tiles
 *   (ascending values 1-4), its influence cards in hand ({@code {kind: count}}, every kind) and
 *   {@code warehouses[city][good]};</li>
 *   <li>{@code investment}: {@code {drawn, pile, faceUp, owner}}: the cards drawn from the pile so far
 *   in draw order (a record the rules do not read), the face-down pile top first, the card in each
 *   face-up slot (-1 empty) and each card's owner (-1: face up or in the pile);</li>
 *   <li>{@code influence}: {@code {drawn, pile, discard}}: the kinds drawn so far in draw order (a
 *   record the rules do not read), the face-down pile top first, the discard pile's count per
 *   kind;</li>
 *   <li>{@code auction}: {@code {wagon, slot}}: what the sealed bid under way is for, a wagon's
 *   loading master or a face-up investment slot (-1 each when none);</li>
 *   <li>{@code bids}, {@code wheels}: sealed choices {@code {choices, revealed}}, a choice per seat
 *   (-1: not committed): bids in bid steps (florins = choice x the data's bid step), wheel settings
 *   as the ids 0..27 of the actions {@code wheel:A+B}; a choice not yet {@code revealed} is known
 *   only to its seat;</li>
 *   <li>{@code buyTurn}: {@code {bought, extra, bargain, paidReduced}}: goods bought this buy turn,
 *   extra purchases allowed (Market Right), Bargain played, the reduced price already paid;</li>
 *   <li>{@code loading}: {@code {wagon, loader, loaderTurn, request, offer}}: the wagon being loaded
 *   (-1), the requesting seat (-1) and its turn-order position, the request per good, the master's
 *   offer in florins;</li>
 *   <li>{@code moveTurn}: {@code {tilePlayed, pendingTile, extraPoints, courierLeft, courierRun,
 *   courierDone, blockedWagon, movingWagon, movePoints, mover, path, startPrev}}: the movement turn
 *   (a tile played; the tile waiting for its wagon, 0 none; extra movement points; courier steps
 *   left, taken in the run under way, the run done; the wagon the courier blocks; the wagon moving
 *   and waiting for a {@code branch:K} choice with its points left, its mover and the places passed
 *   from its start; the start's previous place);</li>
 *   <li>{@code played} (influence kinds played this turn), {@code officeLeft} (Office shifts left this
 *   turn), {@code exempt} (Exemption played this status turn), {@code creditActed} (credit taken or
 *   repaid this status turn);</li>
 *   <li>{@code data}: the game data in its own format ({@value MerchantsData#FORMAT}), only when it
 *   is not the shipped default; a state without it uses the default;</li>
 *   <li>{@code chance}: only in the explicit-chance mode ({@link dev.kaisen.env.ExplicitChance#toJson}):
 *   {@code {"mode": "explicit"}}, and at a chance node the step in progress, the outcomes chosen so
 *   far in it and the state before it; the other fields are then the table before the step (the
 *   empty table, {@link MerchantsSetup#emptyTable}, in the deal), and a reader replays the step to
 *   check them.</li>
 * </ul>
 * Fields of a turn already over keep their last values (they are part of the state). Reading is
 * strict: unknown fields, missing fields (but the informational {@code currentPlayer} and
 * {@code place}s, checked when given), unknown names, wrong sizes and out-of-range indexes are
 * rejected with a message saying what is wrong, and so is a state that breaks
 * {@link MerchantsInvariants}.
 */
public final class MerchantsJson {
    public static final String STATE_FORMAT = "kaisen.merchants.state/1";
    private static final List<String> END_REASONS = Arrays.stream(EndReason.values()).map(Enum::name).toList();

    private MerchantsJson() {
    }

    @JsonPropertyOrder({"node", "place"})
    public record PlaceJson(Integer node, String place) {
    }

    @JsonPropertyOrder({"node", "place", "prev", "arrived", "arrivedBy", "master", "cargo"})
    public record WagonJson(Integer node, String place, Integer prev, Boolean arrived, Integer arrivedBy, Integer master,
                            List<List<Integer>> cargo) {
    }

    @JsonPropertyOrder({"money", "status", "credit", "tiles", "influence", "warehouses"})
    public record SeatJson(Integer money, Integer status, Boolean credit, List<Integer> tiles,
                           Map<String, Integer> influence, List<List<Integer>> warehouses) {
    }

    @JsonPropertyOrder({"drawn", "pile", "faceUp", "owner"})
    public record InvestmentJson(List<Integer> drawn, List<Integer> pile, List<Integer> faceUp, List<Integer> owner) {
    }

    @JsonPropertyOrder({"drawn", "pile", "discard"})
    public record InfluenceJson(List<String> drawn, List<String> pile, Map<String, Integer> discard) {
    }

    @JsonPropertyOrder({"wagon", "slot"})
    public record AuctionJson(Integer wagon, Integer slot) {
    }

    @JsonPropertyOrder({"choices", "revealed"})
    public record SealedJson(List<Integer> choices, Boolean revealed) {
    }

    @JsonPropertyOrder({"bought", "extra", "bargain", "paidReduced"})
    public record BuyTurnJson(Integer bought, Integer extra, Boolean bargain, Boolean paidReduced) {
    }

    @JsonPropertyOrder({"wagon", "loader", "loaderTurn", "request", "offer"})
    public record LoadingJson(Integer wagon, Integer loader, Integer loaderTurn, List<Integer> request, Integer offer) {
    }

    @JsonPropertyOrder({"tilePlayed", "pendingTile", "extraPoints", "courierLeft", "courierRun", "courierDone",
        "blockedWagon", "movingWagon", "movePoints", "mover", "path", "startPrev"})
    public record MoveTurnJson(Boolean tilePlayed, Integer pendingTile, Integer extraPoints, Integer courierLeft,
                               Integer courierRun, Boolean courierDone, Integer blockedWagon, Integer movingWagon,
                               Integer movePoints, Integer mover, List<Integer> path, Integer startPrev) {
    }

    @JsonPropertyOrder({"format", "players", "phase", "currentPlayer", "round", "firstPlayer", "turn", "buyPass",
        "decisions", "truncated", "endReason", "rng", "setup", "supply", "price", "bonus", "arrivals", "creditLeft",
        "courier", "wagons", "seats", "investment", "influence", "auction", "bids", "wheels", "buyTurn", "loading",
        "moveTurn", "played", "officeLeft", "exempt", "creditActed", "data", "chance"})
    public record StateJson(String format, Integer players, String phase, Integer currentPlayer, Integer round,
                            Integer firstPlayer, Integer turn, Integer buyPass, Integer decisions, Boolean truncated,
                            String endReason, String rng, Integer setup, List<Integer> supply, List<Integer> price,
                            List<Integer> bonus, Integer arrivals, Integer creditLeft, PlaceJson courier,
                            List<WagonJson> wagons, List<SeatJson> seats, InvestmentJson investment,
                            InfluenceJson influence, AuctionJson auction, SealedJson bids, SealedJson wheels,
                            BuyTurnJson buyTurn, LoadingJson loading, MoveTurnJson moveTurn, List<String> played,
                            Integer officeLeft, Boolean exempt, Boolean creditActed, MerchantsData.DataJson data,
                            Map<String, Object> chance) {
    }

    // ------------------------------------------------------------------ writing

    public static String toJson(MerchantsState s, boolean pretty) {
        return Json.write(toDto(s), pretty);
    }

    public static StateJson toDto(MerchantsState s) {
        MerchantsData d = s.d;
        int n = s.n;
        List<WagonJson> wagons = new ArrayList<>();
        for (int w = 0; w < WAGONS; w++) {
            List<List<Integer>> cargo = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                cargo.add(slice(s.cargo, s.cargoIndex(w, p, 0), GOODS));
            }
            wagons.add(new WagonJson(s.wagonNode[w], d.nodeName(s.wagonNode[w]), s.wagonPrev[w], s.arrived[w],
                    s.arrivedBy[w], s.master[w], cargo));
        }
        List<SeatJson> seats = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            List<Integer> tiles = new ArrayList<>();
            for (int t = 1; t <= MerchantsState.TILES; t++) {
                if ((s.tiles[p] & (1 << (t - 1))) != 0) {
                    tiles.add(t);
                }
            }
            List<List<Integer>> warehouses = new ArrayList<>();
            for (int c = 0; c < CITIES; c++) {
                warehouses.add(slice(s.warehouse, s.warehouseIndex(p, c, 0), GOODS));
            }
            seats.add(new SeatJson(s.money[p], s.status[p], s.credit[p], tiles,
                    kinds(s.hand, s.handIndex(p, 0)), warehouses));
        }
        InvestmentJson investment = new InvestmentJson(slice(s.invDeck, 0, s.invTop),
                slice(s.invDeck, s.invTop, s.invDeck.length - s.invTop), slice(s.faceUp, 0, s.faceUp.length),
                slice(s.invOwner, 0, s.invOwner.length));
        InfluenceJson influence = new InfluenceJson(kindNames(s.inflDeck, 0, s.inflTop),
                kindNames(s.inflDeck, s.inflTop, s.inflDeck.length), kinds(s.discard, 0));
        List<String> played = new ArrayList<>();
        for (Influence k : Influence.values()) {
            if ((s.playedThisTurn & (1 << k.ordinal())) != 0) {
                played.add(k.id());
            }
        }
        return new StateJson(STATE_FORMAT, n, s.phase.name(), s.currentPlayer(), s.round, s.first, s.turn,
                s.buyPass, s.decisions, s.truncated, s.endReason.name(), Json.rngHex(s.rng.state()), s.setup,
                slice(s.supply, 0, GOODS), slice(s.price, 0, GOODS), slice(s.bonus, 0, CITIES), s.arrivals,
                s.creditLeft, new PlaceJson(s.courier, d.nodeName(s.courier)), wagons, seats, investment, influence,
                new AuctionJson(s.auctionWagon, s.auctionSlot), sealed(s.bids, n), sealed(s.wheels, n),
                new BuyTurnJson(s.buy.bought, s.buy.buyExtra, s.buy.bargain, s.buy.paidReduced),
                loadingJson(s.loading), moveTurnJson(s.move), played, s.statusTurn.officeLeft, s.statusTurn.exempt,
                s.statusTurn.creditActed, d.isStandard() ? null : d.json(),
                s.explicit == null ? null : s.explicit.toJson(MerchantsJson::toDto));
    }

    private static LoadingJson loadingJson(Loading l) {
        return new LoadingJson(l.wagon, l.loader, l.loaderTurn, slice(l.request, 0, GOODS), l.offer);
    }

    private static MoveTurnJson moveTurnJson(MoveTurn m) {
        return new MoveTurnJson(m.tilePlayed, m.pendingTile, m.extraPoints, m.courierLeft, m.courierRun,
                m.courierDone, m.blockedWagon, m.movingWagon, m.movePoints, m.mover, slice(m.path, 0, m.pathLen),
                m.startPrev);
    }

    private static List<Integer> slice(int[] a, int from, int length) {
        List<Integer> out = new ArrayList<>(length);
        for (int i = from; i < from + length; i++) {
            out.add(a[i]);
        }
        return out;
    }

    /** Counts per influence kind, a[from + kind], every kind in order. */
    private static Map<String, Integer> kinds(int[] a, int from) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Influence k : Influence.values()) {
            out.put(k.id(), a[from + k.ordinal()]);
        }
        return out;
    }

    private static List<String> kindNames(int[] a, int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(Influence.values()[a[i]].id());
        }
        return out;
    }

    private static SealedJson sealed(SealedChoices c, int n) {
        List<Integer> choices = new ArrayList<>();
        for (int p = 0; p < n; p++) {
            choices.add(c.choice(p));
        }
        return new SealedJson(choices, c.isRevealed());
    }

    // ------------------------------------------------------------------ reading

    /** Reads a state with the data it carries (the default when it carries none); see the class comment. */
    public static MerchantsState fromJson(String json) {
        return fromDto(Json.read(json, StateJson.class));
    }

    public static MerchantsState fromDto(StateJson j) {
        if (!STATE_FORMAT.equals(j.format())) {
            throw new GameFormatException("not a Merchants of the Middle Ages state: format must be " + STATE_FORMAT
                    + ", not " + j.format());
        }
        MerchantsData d = readData(j.data());
        int n = Json.require(j.players(), "players");
        if (n < MerchantsState.MIN_PLAYERS || n > MerchantsState.MAX_PLAYERS) {
            throw new GameFormatException("players must be " + MerchantsState.MIN_PLAYERS + " to "
                    + MerchantsState.MAX_PLAYERS + ", not " + n);
        }
        MerchantsState s = new MerchantsState(d, n);
        s.phase = readPhase(j.phase());
        s.round = atLeast(j.round(), 1, "round");
        s.first = range(j.firstPlayer(), 0, n - 1, "firstPlayer");
        s.turn = range(j.turn(), 0, n, "turn");
        s.buyPass = range(j.buyPass(), 0, d.firstRoundBuys - 1, "buyPass");
        s.decisions = range(j.decisions(), 0, MerchantsState.DECISION_CAP, "decisions");
        s.truncated = Json.require(j.truncated(), "truncated");
        s.endReason = readEndReason(j.endReason());
        s.rng.setState(Json.rngFromHex(j.rng(), "rng"));
        s.setup = range(j.setup(), 0, d.setups() - 1, "setup");
        ints(j.supply(), GOODS, 0, d.goodsPerType(), "supply", s.supply, 0);
        ints(j.price(), GOODS, 0, d.levels() - 1, "price", s.price, 0);
        ints(j.bonus(), CITIES, 0, d.bonusMax, "bonus", s.bonus, 0);
        s.arrivals = atLeast(j.arrivals(), 0, "arrivals");
        s.creditLeft = range(j.creditLeft(), 0, d.creditCards, "creditLeft");
        PlaceJson courier = Json.require(j.courier(), "courier");
        s.courier = node(courier.node(), d, false, "courier.node");
        place(courier.place(), s.courier, d, "courier.place");
        readWagons(s, j.wagons());
        readSeats(s, j.seats());
        readInvestment(s, Json.require(j.investment(), "investment"));
        readInfluence(s, Json.require(j.influence(), "influence"));
        readTurns(s, j);
        Map<String, Object> chance = j.chance();
        if (ExplicitChance.isNode(chance)) {
            return readChanceNode(s, chance, j.currentPlayer());
        }
        List<String> bad = MerchantsInvariants.check(s);
        if (!bad.isEmpty()) {
            throw new GameFormatException("inconsistent Merchants state: " + String.join("; ", bad));
        }
        if (j.currentPlayer() != null && j.currentPlayer() != s.currentPlayer()) {
            throw new GameFormatException("currentPlayer is " + j.currentPlayer() + " but the state has "
                    + (s.isTerminal() ? "nobody (-1)" : "seat " + s.currentPlayer()) + " to act in phase " + s.phase);
        }
        if (chance != null) {
            ExplicitChance.checkMode(chance);
            s.explicit = MerchantsSetup.newExplicitChance();
        }
        return s;
    }

    /** The auction, the sealed choices and each turn's scratch (buy, loading, move, played cards, status). */
    private static void readTurns(MerchantsState s, StateJson j) {
        MerchantsData d = s.d;
        int n = s.n;
        AuctionJson auction = Json.require(j.auction(), "auction");
        s.auctionWagon = range(auction.wagon(), -1, WAGONS - 1, "auction.wagon");
        s.auctionSlot = range(auction.slot(), -1, d.faceUp() - 1, "auction.slot");
        readSealed(s.bids, j.bids(), n, d.bidSteps, "bids");
        readSealed(s.wheels, j.wheels(), n, MerchantsAction.WHEELS - 1, "wheels");
        readBuyTurn(s.buy, Json.require(j.buyTurn(), "buyTurn"));
        readLoading(s, Json.require(j.loading(), "loading"));
        readMoveTurn(s, Json.require(j.moveTurn(), "moveTurn"));
        readPlayed(s, Json.require(j.played(), "played"));
        s.statusTurn.officeLeft = atLeast(j.officeLeft(), 0, "officeLeft");
        s.statusTurn.exempt = Json.require(j.exempt(), "exempt");
        s.statusTurn.creditActed = Json.require(j.creditActed(), "creditActed");
    }

    /**
     * A chance node of the explicit mode: the step replayed from the state before it (the empty
     * table for the deal) with the outcomes chosen so far, which must stop at a chance node whose
     * table is the one read.
     */
    private static MerchantsState readChanceNode(MerchantsState read, Map<String, Object> chance, Integer currentPlayer) {
        MerchantsState s = ExplicitChance.replayNode(chance, () -> MerchantsSetup.emptyTable(read.d, read.n,
                read.rng.state()), MerchantsJson::fromJson, b -> b.n == read.n);
        MerchantsChance.settle(s);
        if (!s.sameTable(read)) {
            throw new GameFormatException("chance: the fields are not the table before the step " + chance.get("step")
                    + " (a chance node shows the table before its step)");
        }
        if (currentPlayer != null && currentPlayer != MerchantsState.CHANCE) {
            throw new GameFormatException("currentPlayer is " + currentPlayer + " at a chance node; must be -1");
        }
        return s;
    }

    private static Phase readPhase(String json) {
        String phase = Json.require(json, "phase");
        try {
            return Phase.valueOf(phase);
        } catch (IllegalArgumentException e) {
            throw new GameFormatException("unknown phase '" + phase + "' (phases: " + List.of(Phase.values()) + ")");
        }
    }

    private static EndReason readEndReason(String json) {
        String endReason = Json.require(json, "endReason");
        if (!END_REASONS.contains(endReason)) {
            throw new GameFormatException("endReason must be one of " + END_REASONS + ", not '" + endReason + "'");
        }
        return EndReason.valueOf(endReason);
    }

    private static MerchantsData readData(MerchantsData.DataJson data) {
        try {
            return data == null ? MerchantsData.standard() : new MerchantsData(data);
        } catch (GameFormatException e) {
            throw new GameFormatException("data: " + e.getMessage(), e);
        }
    }

    private static void readBuyTurn(BuyTurn t, BuyTurnJson buy) {
        t.bought = atLeast(buy.bought(), 0, "buyTurn.bought");
        t.buyExtra = atLeast(buy.extra(), 0, "buyTurn.extra");
        t.bargain = Json.require(buy.bargain(), "buyTurn.bargain");
        t.paidReduced = Json.require(buy.paidReduced(), "buyTurn.paidReduced");
    }

    private static void readLoading(MerchantsState s, LoadingJson loading) {
        MerchantsData d = s.d;
        s.loading.wagon = range(loading.wagon(), -1, WAGONS - 1, "loading.wagon");
        s.loading.loader = range(loading.loader(), -1, s.n - 1, "loading.loader");
        s.loading.loaderTurn = range(loading.loaderTurn(), 0, s.n - 1, "loading.loaderTurn");
        ints(loading.request(), GOODS, 0, d.otherLoad, "loading.request", s.loading.request, 0);
        s.loading.offer = range(loading.offer(), 0, d.offerSteps * d.offerStep, "loading.offer");
    }

    private static void readPlayed(MerchantsState s, List<String> played) {
        for (int i = 0; i < played.size(); i++) {
            int k = kind(played.get(i), "played[" + i + "]");
            if ((s.playedThisTurn & (1 << k)) != 0) {
                throw new GameFormatException("played lists " + played.get(i) + " twice");
            }
            s.playedThisTurn |= 1 << k;
        }
    }

    private static void readWagons(MerchantsState s, List<WagonJson> list) {
        MerchantsData d = s.d;
        int n = s.n;
        size(Json.require(list, "wagons"), WAGONS, "wagons");
        for (int w = 0; w < WAGONS; w++) {
            String f = "wagons[" + w + "]";
            WagonJson wj = Json.require(list.get(w), f);
            s.wagonNode[w] = node(wj.node(), d, false, f + ".node");
            place(wj.place(), s.wagonNode[w], d, f + ".place");
            s.wagonPrev[w] = node(wj.prev(), d, true, f + ".prev");
            s.arrived[w] = Json.require(wj.arrived(), f + ".arrived");
            s.arrivedBy[w] = range(wj.arrivedBy(), -1, n - 1, f + ".arrivedBy");
            s.master[w] = range(wj.master(), -1, n - 1, f + ".master");
            List<List<Integer>> cargo = Json.require(wj.cargo(), f + ".cargo");
            size(cargo, n, f + ".cargo (one list per seat)");
            for (int p = 0; p < n; p++) {
                ints(cargo.get(p), GOODS, 0, d.goodsPerType(), f + ".cargo[" + p + "]", s.cargo, s.cargoIndex(w, p, 0));
            }
        }
    }

    private static void readSeats(MerchantsState s, List<SeatJson> list) {
        MerchantsData d = s.d;
        size(Json.require(list, "seats"), s.n, "seats (one per player)");
        for (int p = 0; p < s.n; p++) {
            String f = "seats[" + p + "]";
            SeatJson sj = Json.require(list.get(p), f);
            s.money[p] = Json.require(sj.money(), f + ".money");
            s.status[p] = range(sj.status(), 0, d.statusLevels() - 1, f + ".status");
            s.credit[p] = Json.require(sj.credit(), f + ".credit");
            List<Integer> tiles = Json.require(sj.tiles(), f + ".tiles");
            for (int i = 0; i < tiles.size(); i++) {
                int t = range(tiles.get(i), 1, MerchantsState.TILES, f + ".tiles[" + i + "]");
                if ((s.tiles[p] & (1 << (t - 1))) != 0) {
                    throw new GameFormatException(f + ".tiles lists tile " + t + " twice");
                }
                s.tiles[p] |= 1 << (t - 1);
            }
            readKinds(sj.influence(), d.influenceCards(), f + ".influence", s.hand, s.handIndex(p, 0));
            List<List<Integer>> warehouses = Json.require(sj.warehouses(), f + ".warehouses");
            size(warehouses, CITIES, f + ".warehouses (one list per city)");
            for (int c = 0; c < CITIES; c++) {
                ints(warehouses.get(c), GOODS, 0, d.goodsPerType(), f + ".warehouses[" + c + "]", s.warehouse,
                        s.warehouseIndex(p, c, 0));
            }
        }
    }

    private static void readInvestment(MerchantsState s, InvestmentJson inv) {
        MerchantsData d = s.d;
        int cards = d.investmentCards();
        List<Integer> drawn = Json.require(inv.drawn(), "investment.drawn");
        List<Integer> pile = Json.require(inv.pile(), "investment.pile");
        if (drawn.size() + pile.size() != cards) {
            throw new GameFormatException("investment.drawn and investment.pile must hold the data's " + cards
                    + " investment cards between them, not " + drawn.size() + " + " + pile.size());
        }
        s.invTop = drawn.size();
        for (int i = 0; i < cards; i++) {
            boolean top = i < s.invTop;
            String f = top ? "investment.drawn[" + i + "]" : "investment.pile[" + (i - s.invTop) + "]";
            s.invDeck[i] = range(top ? drawn.get(i) : pile.get(i - s.invTop), 0, cards - 1, f);
        }
        ints(inv.faceUp(), d.faceUp(), -1, cards - 1, "investment.faceUp", s.faceUp, 0);
        ints(inv.owner(), cards, -1, s.n - 1, "investment.owner", s.invOwner, 0);
    }

    private static void readInfluence(MerchantsState s, InfluenceJson inf) {
        MerchantsData d = s.d;
        List<String> drawn = Json.require(inf.drawn(), "influence.drawn");
        List<String> pile = Json.require(inf.pile(), "influence.pile");
        if (drawn.size() + pile.size() != d.influenceCards()) {
            throw new GameFormatException("influence.drawn and influence.pile must hold the data's "
                    + d.influenceCards() + " influence cards between them, not " + drawn.size() + " + " + pile.size());
        }
        s.inflTop = drawn.size();
        for (int i = 0; i < s.inflDeck.length; i++) {
            boolean top = i < s.inflTop;
            s.inflDeck[i] = kind(top ? drawn.get(i) : pile.get(i - s.inflTop),
                    top ? "influence.drawn[" + i + "]" : "influence.pile[" + (i - s.inflTop) + "]");
        }
        readKinds(inf.discard(), d.influenceCards(), "influence.discard", s.discard, 0);
    }

    private static void readSealed(SealedChoices into, SealedJson sj, int n, int max, String f) {
        Json.require(sj, f);
        List<Integer> choices = Json.require(sj.choices(), f + ".choices");
        size(choices, n, f + ".choices (one per seat)");
        for (int p = 0; p < n; p++) {
            int c = range(choices.get(p), -1, max, f + ".choices[" + p + "]");
            if (c >= 0) {
                into.commit(p, c);
            }
        }
        if (Json.require(sj.revealed(), f + ".revealed")) {
            into.reveal();
        }
    }

    private static void readMoveTurn(MerchantsState s, MoveTurnJson m) {
        MerchantsData d = s.d;
        s.move.tilePlayed = Json.require(m.tilePlayed(), "moveTurn.tilePlayed");
        s.move.pendingTile = range(m.pendingTile(), 0, MerchantsState.TILES, "moveTurn.pendingTile");
        s.move.extraPoints = atLeast(m.extraPoints(), 0, "moveTurn.extraPoints");
        s.move.courierLeft = atLeast(m.courierLeft(), 0, "moveTurn.courierLeft");
        s.move.courierRun = atLeast(m.courierRun(), 0, "moveTurn.courierRun");
        s.move.courierDone = Json.require(m.courierDone(), "moveTurn.courierDone");
        s.move.blockedWagon = range(m.blockedWagon(), -1, WAGONS - 1, "moveTurn.blockedWagon");
        s.move.movingWagon = range(m.movingWagon(), -1, WAGONS - 1, "moveTurn.movingWagon");
        s.move.movePoints = atLeast(m.movePoints(), 0, "moveTurn.movePoints");
        s.move.mover = range(m.mover(), -1, s.n - 1, "moveTurn.mover");
        List<Integer> path = Json.require(m.path(), "moveTurn.path");
        if (path.size() > s.move.path.length) {
            throw new GameFormatException("moveTurn.path lists " + path.size() + " places; at most " + s.move.path.length);
        }
        for (int i = 0; i < path.size(); i++) {
            s.move.path[i] = node(path.get(i), d, false, "moveTurn.path[" + i + "]");
        }
        s.move.pathLen = path.size();
        s.move.startPrev = node(m.startPrev(), d, true, "moveTurn.startPrev");
    }

    /** The {@code kinds} map into a[from + kind]: every kind named, each count 0..max. */
    private static void readKinds(Map<String, Integer> map, int max, String f, int[] a, int from) {
        Json.require(map, f);
        for (String key : map.keySet()) {
            kind(key, f);
        }
        for (Influence k : Influence.values()) {
            a[from + k.ordinal()] = range(Json.require(map.get(k.id()), f + "." + k.id()), 0, max, f + "." + k.id());
        }
    }

    private static int kind(String id, String f) {
        for (Influence k : Influence.values()) {
            if (k.id().equals(id)) {
                return k.ordinal();
            }
        }
        List<String> ids = new ArrayList<>();
        for (Influence k : Influence.values()) {
            ids.add(k.id());
        }
        throw new GameFormatException(f + ": unknown influence kind '" + id + "' (kinds: " + ids + ")");
    }

    private static void place(String name, int node, MerchantsData d, String f) {
        if (name != null && !name.equals(d.nodeName(node))) {
            throw new GameFormatException(f + " '" + name + "' is not the name of place " + node + " ('"
                    + d.nodeName(node) + "')");
        }
    }

    private static int node(Integer v, MerchantsData d, boolean noneAllowed, String f) {
        return range(v, noneAllowed ? -1 : 0, d.nodes() - 1, f + (noneAllowed ? " (a place or -1)" : " (a place)"));
    }

    private static void size(List<?> list, int size, String f) {
        if (list.size() != size) {
            throw new GameFormatException(f + " must have " + size + " entries, not " + list.size());
        }
    }

    /** A list of exactly {@code size} ints in min..max into a[from..]. */
    private static void ints(List<Integer> list, int size, int min, int max, String f, int[] a, int from) {
        size(Json.require(list, f), size, f);
        for (int i = 0; i < size; i++) {
            a[from + i] = range(list.get(i), min, max, f + "[" + i + "]");
        }
    }

    private static int range(Integer v, int min, int max, String f) {
        int x = Json.require(v, f);
        if (x < min || x > max) {
            throw new GameFormatException(f + " must be " + min + ".." + max + ", not " + x);
        }
        return x;
    }

    private static int atLeast(Integer v, int min, String f) {
        int x = Json.require(v, f);
        if (x < min) {
            throw new GameFormatException(f + " must be at least " + min + ", not " + x);
        }
        return x;
    }
}
