package dev.kaisen.observation.merchants;

import dev.kaisen.env.SealedChoices;
import dev.kaisen.env.merchants.Influence;
import dev.kaisen.env.merchants.Investment;
import dev.kaisen.env.merchants.MerchantsAction;
import dev.kaisen.env.merchants.MerchantsData;
import dev.kaisen.env.merchants.MerchantsState;
import dev.kaisen.env.merchants.Phase;
import dev.kaisen.observation.Encoders;
import dev.kaisen.observation.ObservationSpec;
import dev.kaisen.observation.SeatEncoder;

/**
 * The Merchants of the Middle Ages observations: one float32 layout for 2 to 4 players and for
 * every data file, egocentric (relative seat 0 is the observer, then turn order; seats beyond the
 * player count are zero, see {@code seats_present}). Counts are raw, florins in thousands
 * ({@link #FLORINS_PER_UNIT}), one-hots 0/1;
 * every segment declares its range. Where the data file sets a number without an upper limit
 * (goods per type, loads, bonus, prices, card copies, thresholds), the bound is a named
 * {@code [decision]} constant far above the default data's, and a value beyond it is shown capped.
 * The data that a policy needs to read another data file is in both views: each city's market
 * goods, the price lines, the end threshold, the current status step cost.
 *
 * <p>Hidden (see {@link MerchantsState}): sealed bids and wheel settings of other seats before the
 * reveal (only whether each seat has committed; {@link SealedChoices#choiceFor}), the kinds of the
 * influence cards in other hands (only their number), the order of both face-down piles (the
 * investment pile's composition is public: every card is in the data and the others are face up
 * or owned), and the random stream. The two views ({@link Encoders}) differ only in money:
 * <ul>
 *   <li>{@code information_state} (default, perfect recall): every seat's florins. Money lies
 *       behind screens, but every payment is public, so a player who remembers knows them all.</li>
 *   <li>{@code observation} (memoryless, what lies on the table now plus the observer's own
 *       things): the observer's own florins only.</li>
 * </ul>
 * Print the segments with {@code ./kaisen spec --game merchants}.
 *
 * <p>Not thread-safe: one encoder per thread.
 */
public final class MerchantsObservation extends SeatEncoder<MerchantsState> {
    public static final int SEATS = MerchantsState.MAX_PLAYERS;
    private static final int PHASES = Phase.values().length;
    private static final int G = MerchantsData.GOODS;
    private static final int C = MerchantsData.CITIES;
    private static final int W = MerchantsData.WAGONS;
    private static final int NODES = MerchantsData.MAX_NODES;
    private static final int LEVELS = MerchantsData.MAX_LEVELS;
    private static final int STATUS = MerchantsData.MAX_STATUS;
    private static final int SLOTS = MerchantsData.MAX_FACE_UP;
    private static final int TILES = MerchantsState.TILES;
    private static final int INF = Influence.COUNT;
    private static final int INV = Investment.COUNT;
    private static final int SPOTS = MerchantsAction.POINTER_SPOTS;

    // ---- value bounds: derived from the rules where they set one, else a [decision] (values beyond are capped)
    /**
     * A round has at least five decisions per player (buy pass, movement tile and pass, wheel,
     * status pass), so with 2 players round r begins after at least 10 (r - 1) decisions, under the cap.
     */
    public static final int MAX_ROUND = MerchantsState.DECISION_CAP / (5 * MerchantsState.MIN_PLAYERS) + 1;
    /**
     * [decision] Florins shown per seat: the default data starts at 5,000 and sells at most 1,000 a
     * good; random and greedy play stay far below. More is shown as this.
     */
    public static final int MAX_MONEY = 60_000;
    /**
     * [decision] Florin amounts on the table (money, the step cost, the price lines, the city
     * bonuses) are shown in thousands of florins, and their segments' names say so
     * ({@code _thousands}); bids and the master's offer stay in their steps (at most 20 and 10).
     * The default data's amounts (5,000 to start, step costs 1,000 to 2,600, prices 100 to 1,000, bonuses up to
     * 500) then lie between 0.1 and about 10, the scale of the counts. Raw florins put 98 to 99% of
     * a fresh 128-unit tanh layer's pre-activations beyond ±3 on greedy's games (the other games:
     * 39 to 56%), so a network read little but money. The names changed with the unit, so the layout
     * hash refuses a checkpoint trained on raw florins.
     */
    public static final float FLORINS_PER_UNIT = 1000f;
    /** [decision] Goods of one type (supply, one warehouse): the default data has 9 per type. */
    public static final int MAX_GOODS = 20;
    /** [decision] Goods of one type one seat has on a wagon or requests (default loads: 3 and 2). */
    public static final int MAX_LOAD = 10;
    /** [decision] A city's bonus in florins (default: at most 500). */
    public static final int MAX_BONUS = 5_000;
    /** [decision] A price line's cost or sale in florins, and the status step cost (default: at most 2,600). */
    public static final int MAX_PRICE = 10_000;
    /** [decision] Wagon arrivals and the end threshold (default: 12, 14, 16; at most 3 more arrive in the last round). */
    public static final int MAX_ARRIVALS = 40;
    /** [decision] Credit cards in the game (default 5). */
    public static final int MAX_CREDIT_CARDS = 20;
    /** [decision] Investment cards of one kind (default: 2 Office, 1 of each other kind). */
    public static final int MAX_INVESTMENT_COPIES = 8;
    /** [decision] Influence cards of one kind (default: 3 copies). */
    public static final int MAX_INFLUENCE_COPIES = 6;
    /** Extra movement or courier points in one turn, or one move's points: the most valid data allows (three cards of {@value MerchantsData#MAX_CARD_POINTS}). */
    public static final int MAX_POINTS = 3 * MerchantsData.MAX_CARD_POINTS;
    /** [decision] Goods bought in one buy turn, extra buys (default: at most 3 + 2), and buying passes (default 2). */
    public static final int MAX_BUYS = 20;

    private static final String GOODS_DOC = "goods in data order (default: cloth, iron, wine, food, silk, salt)";
    private static final String CITIES_DOC = "cities in data order (default: Paris, Cologne, Vienna, Bruges, Hamburg, Genoa)";
    private static final String INFLUENCE_DOC = "market-right, bargain, wheelwright, messenger, guild, patron, exemption";
    private static final String INVESTMENT_DOC = "reduced-cost, driver, coach-driver, courier, express-courier, office, low-upkeep";

    /** The offsets of one view's segments, group by group in declaration order (-1: not in this view). */
    private static final class Layout {
        final ObservationSpec spec;
        final boolean recall;
        final Table table;
        final Road road;
        final Seats seats;
        final Cards cards;
        final Sealed sealed;
        final Loading loading;
        final Turn turn;
        final int progress;

        Layout(boolean recall) {
            this.recall = recall;
            ObservationSpec.Builder b = ObservationSpec.builder();
            table = new Table(b);
            road = new Road(b);
            seats = new Seats(b, recall);
            cards = new Cards(b);
            sealed = new Sealed(b);
            loading = new Loading(b);
            turn = new Turn(b);
            progress = b.add("game_progress", 1, 0, 1, "decisions made / " + MerchantsState.DECISION_CAP
                    + " (the safety cap)").offset();
            spec = b.build();
        }
    }

    /** The game's clock and the market: phase, seats, round, wagon track, prices, supply, cities. */
    private static final class Table {
        final int phase;
        final int present;
        final int current;
        final int first;
        final int round;
        final int arrivals;
        final int endArrivals;
        final int stepCost;
        final int priceLevel;
        final int priceLines;
        final int supply;
        final int cityGoods;
        final int bonus;
        final int openCities;

        Table(ObservationSpec.Builder b) {
            phase = b.flags("phase", PHASES, "one-hot: BUY, BID, MASTER_LOAD, REQUEST, OFFER, ANSWER, MOVE, WHEEL, "
                    + "SHIFT, INVEST, STATUS, GAME_OVER").offset();
            present = b.flags("seats_present", SEATS, "1 for each relative seat that is in the game").offset();
            current = b.flags("current_player", SEATS, "one-hot relative seat that decides now (0 when over)").offset();
            first = b.flags("first_player", SEATS, "one-hot relative seat of this round's first player").offset();
            round = b.counts("round", 1, MAX_ROUND, "the round, from 1").offset();
            arrivals = b.counts("arrivals", 1, MAX_ARRIVALS, "wagon arrivals so far (the wagon track)").offset();
            endArrivals = b.counts("end_arrivals", 1, MAX_ARRIVALS, "the arrivals that end the game at a round's end "
                    + "for this player count (data)").offset();
            stepCost = b.add("step_cost_thousands", 1, 0, MAX_PRICE / FLORINS_PER_UNIT, "thousands of florins the next "
                    + "status level costs now (data, by the wagon track)").offset();
            priceLevel = b.flags("price_level", G * LEVELS, "per good, one-hot price level (0 = the lowest line); "
                    + GOODS_DOC).offset();
            priceLines = b.add("price_lines_thousands", 2 * LEVELS, 0, MAX_PRICE / FLORINS_PER_UNIT, "the cost of each "
                    + "price level, then its sale price, in thousands of florins (data; 0 beyond the data's levels)")
                    .offset();
            supply = b.counts("supply", G, MAX_GOODS, "per good, goods left in the supply").offset();
            cityGoods = b.flags("city_goods", C * G, "per city, 1 for each good its market shows (data); "
                    + CITIES_DOC).offset();
            bonus = b.add("city_bonus_thousands", C, 0, MAX_BONUS / FLORINS_PER_UNIT, "per city, its bonus in "
                    + "thousands of florins (taken by the player who moves a wagon in)").offset();
            openCities = b.flags("open_cities", C, "per city, 1 where goods may be bought into warehouses now (an "
                    + "empty wagon there, or a wagon reaching it next)").offset();
        }
    }

    /** The road: the three wagons (place, arrival, master, cargo) and the courier. */
    private static final class Road {
        final int wagonNode;
        final int wagonPrev;
        final int arrived;
        final int arrivedBy;
        final int master;
        final int cargo;
        final int courier;

        Road(ObservationSpec.Builder b) {
            wagonNode = b.flags("wagon_node", W * NODES, "per wagon 0..2, one-hot place (cities 0..5, then forks, "
                    + "then road spaces; data)").offset();
            wagonPrev = b.flags("wagon_prev", W * NODES, "per wagon, one-hot place it came from (its backward "
                    + "direction; all 0 in a city)").offset();
            arrived = b.flags("wagon_arrived", W, "per wagon, 1 if it arrived in a city this round (it moves no "
                    + "more)").offset();
            arrivedBy = b.flags("wagon_arrived_by", W * SEATS, "per wagon, one-hot relative seat that moved it in "
                    + "this round (takes the city's bonus)").offset();
            master = b.flags("wagon_master", W * SEATS, "per wagon, one-hot relative seat of its loading master "
                    + "(none: 0)").offset();
            cargo = b.counts("wagon_cargo", W * SEATS * G, MAX_LOAD, "per wagon, relative seat and good, goods of "
                    + "that seat on the wagon").offset();
            courier = b.flags("courier", NODES, "one-hot place of the courier").offset();
        }
    }

    /** What each seat holds in the open: florins (as the view allows), status, credit, tiles, warehouses, cards. */
    private static final class Seats {
        final int money;
        final int ownMoney;
        final int status;
        final int credit;
        final int tiles;
        final int warehouses;
        final int investments;
        final int handSizes;

        Seats(ObservationSpec.Builder b, boolean recall) {
            if (recall) {
                money = b.add("money_thousands", SEATS, 0, MAX_MONEY / FLORINS_PER_UNIT, "thousands of florins per "
                        + "relative seat (every payment is public; capped at " + MAX_MONEY + " florins)").offset();
                ownMoney = -1;
            } else {
                money = -1;
                ownMoney = b.add("own_money_thousands", 1, 0, MAX_MONEY / FLORINS_PER_UNIT, "the observer's florins in "
                        + "thousands (the others' are behind screens; capped at " + MAX_MONEY + " florins)").offset();
            }
            status = b.flags("status", SEATS * STATUS, "per relative seat, one-hot status level (0 = the lowest; "
                    + "data's ladder)").offset();
            credit = b.flags("credit", SEATS, "per relative seat, 1 if it holds a credit card").offset();
            tiles = b.flags("tiles", SEATS * TILES, "per relative seat, 1 for each movement tile 1..4 still face up")
                    .offset();
            warehouses = b.counts("warehouses", SEATS * C * G, MAX_GOODS, "per relative seat, city and good, goods "
                    + "in that seat's warehouse").offset();
            investments = b.counts("investments", SEATS * INV, MAX_INVESTMENT_COPIES, "per relative seat, "
                    + "investment cards owned per kind: " + INVESTMENT_DOC).offset();
            handSizes = b.counts("hand_sizes", SEATS, INF * MAX_INFLUENCE_COPIES, "per relative seat, influence "
                    + "cards held (the number is public, the kinds are not)").offset();
        }
    }

    /** The cards: the observer's influence hand, the discard, the piles, the face-up investments, credit left. */
    private static final class Cards {
        final int ownHand;
        final int discard;
        final int piles;
        final int faceUp;
        final int investmentPile;
        final int creditLeft;

        Cards(ObservationSpec.Builder b) {
            ownHand = b.counts("own_influence", INF, MAX_INFLUENCE_COPIES, "the observer's influence cards per kind: "
                    + INFLUENCE_DOC).offset();
            discard = b.counts("influence_discard", INF, MAX_INFLUENCE_COPIES, "influence cards played (face up) per "
                    + "kind").offset();
            piles = b.counts("piles", new int[] {INV * MAX_INVESTMENT_COPIES, INF * MAX_INFLUENCE_COPIES},
                    "face-down cards left: the investment pile, the influence pile").offset();
            faceUp = b.flags("face_up", SLOTS * (INV + 1), "per face-up investment slot 0..3, one-hot kind ("
                    + INVESTMENT_DOC + ", empty); all 0 for a slot the data does not have").offset();
            investmentPile = b.counts("investment_pile", INV, MAX_INVESTMENT_COPIES, "the face-down investment pile's "
                    + "cards per kind (public: every card is in the data; the order is hidden)").offset();
            creditLeft = b.counts("credit_left", 1, MAX_CREDIT_CARDS, "credit cards left to take").offset();
        }
    }

    /** The sealed choices (bids, price wheels) as far as the observer may see them, and what is auctioned. */
    private static final class Sealed {
        final int bidCommitted;
        final int bidsRevealed;
        final int bidValues;
        final int auctionWagon;
        final int auctionSlot;
        final int wheelCommitted;
        final int wheelsRevealed;
        final int wheelPointers;

        Sealed(ObservationSpec.Builder b) {
            bidCommitted = b.flags("bid_committed", SEATS, "this auction: per relative seat, 1 once it has committed "
                    + "its sealed bid (until the next auction)").offset();
            bidsRevealed = b.flags("bids_revealed", 1, "1 once the bids are revealed (until the next auction)")
                    .offset();
            bidValues = b.counts("bid_values", SEATS, MerchantsData.MAX_BID_STEPS, "per relative seat, the bid in bid "
                    + "steps where the observer may see it: its own once committed, every seat's once revealed; "
                    + "else 0").offset();
            auctionWagon = b.flags("auction_wagon", W, "one-hot wagon whose loading master is being auctioned")
                    .offset();
            auctionSlot = b.flags("auction_slot", SLOTS, "one-hot face-up slot whose investment card is being "
                    + "auctioned").offset();
            wheelCommitted = b.flags("wheel_committed", SEATS, "this round: per relative seat, 1 once it has set its "
                    + "price wheel (until the next round's wheels)").offset();
            wheelsRevealed = b.flags("wheels_revealed", 1, "1 once the price wheels are revealed (until the next "
                    + "round's wheels)").offset();
            wheelPointers = b.counts("wheel_pointers", SEATS * SPOTS, 2, "per relative seat, pointers of its wheel "
                    + "at each good and at its own coat of arms (6), where the observer may see them: its own once "
                    + "set, every seat's once revealed; else 0").offset();
        }
    }

    /** The loading of a wagon: which wagon, who requests, the request and the master's offer. */
    private static final class Loading {
        final int loadWagon;
        final int loader;
        final int request;
        final int offer;

        Loading(ObservationSpec.Builder b) {
            loadWagon = b.flags("load_wagon", W, "one-hot wagon being loaded").offset();
            loader = b.flags("loader", SEATS, "one-hot relative seat requesting goods from the loading master")
                    .offset();
            request = b.counts("request", G, MAX_LOAD, "per good, goods in the open request").offset();
            offer = b.counts("offer", 1, MerchantsData.MAX_OFFER_STEPS, "the master's price for the request, in "
                    + "offer steps").offset();
        }
    }

    /** The turn in progress: the buy, movement, price-shift and status turns' own values. */
    private static final class Turn {
        final int buyTurn;
        final int tilePlayed;
        final int pendingTile;
        final int extraPoints;
        final int courierLeft;
        final int courierDone;
        final int blocked;
        final int moving;
        final int movePoints;
        final int played;
        final int officeLeft;
        final int statusTurn;

        Turn(ObservationSpec.Builder b) {
            buyTurn = b.counts("buy_turn", new int[] {MAX_BUYS, MAX_BUYS, MAX_BUYS, 1, 1}, "this buy turn: goods "
                    + "bought, the buying pass (0; 1 for round 1's second), extra goods allowed (Market Right), 1 if "
                    + "Bargain was played, 1 once the reduced price is paid (further goods free); all 0 outside BUY")
                    .offset();
            tilePlayed = b.flags("tile_played", 1, "this movement turn: 1 once a movement tile is played (the "
                    + "movement-turn segments are 0 outside MOVE)").offset();
            pendingTile = b.flags("pending_tile", TILES, "one-hot movement tile 1..4 played and waiting for its "
                    + "wagon").offset();
            extraPoints = b.counts("extra_points", 1, MAX_POINTS, "this movement turn: extra movement points left "
                    + "(Driver, Coach Driver, Wheelwright)").offset();
            courierLeft = b.counts("courier_left", 1, MAX_POINTS, "this movement turn: courier points left").offset();
            courierDone = b.flags("courier_done", 1, "this movement turn: 1 once the courier's run has ended")
                    .offset();
            blocked = b.flags("blocked_wagon", W, "one-hot wagon the courier's run blocks for the player to act this "
                    + "turn").offset();
            moving = b.flags("moving_wagon", W, "one-hot wagon in the middle of a move (waiting for a branch)")
                    .offset();
            movePoints = b.counts("move_points", 1, MAX_POINTS, "movement points the moving wagon has left").offset();
            played = b.flags("played_this_turn", INF, "influence kinds played this turn (BUY, MOVE, SHIFT, STATUS): "
                    + INFLUENCE_DOC).offset();
            officeLeft = b.counts("office_left", 1, MAX_INVESTMENT_COPIES, "this price-shift turn: Office shifts left "
                    + "(0 outside SHIFT)").offset();
            statusTurn = b.flags("status_turn", 2, "this status turn: 1 if Exemption was played, 1 once credit was "
                    + "taken or repaid (0 outside STATUS)").offset();
        }
    }

    private static final Layout INFORMATION_STATE_LAYOUT = new Layout(true);
    private static final Layout OBSERVATION_LAYOUT = new Layout(false);
    public static final ObservationSpec INFORMATION_STATE_SPEC = INFORMATION_STATE_LAYOUT.spec;
    public static final ObservationSpec OBSERVATION_SPEC = OBSERVATION_LAYOUT.spec;

    private final Layout l;

    private MerchantsObservation(Layout layout, String view) {
        super(view, layout.spec);
        this.l = layout;
    }

    public static MerchantsObservation informationState() {
        return new MerchantsObservation(INFORMATION_STATE_LAYOUT, Encoders.INFORMATION_STATE);
    }

    public static MerchantsObservation observation() {
        return new MerchantsObservation(OBSERVATION_LAYOUT, Encoders.OBSERVATION);
    }

    private static boolean isFaceUp(MerchantsState s, int card) {
        for (int slot = 0; slot < s.data().faceUp(); slot++) {
            if (s.faceUpCard(slot) == card) {
                return true;
            }
        }
        return false;
    }

    /** The value, shown as its bound when above it (only a data file beyond a [decision] bound gets there). */
    private static float cap(int v, int max) {
        return Math.min(v, max);
    }

    /** A florin amount in thousands ({@link #FLORINS_PER_UNIT}), capped at {@code max} florins. */
    private static float florins(int v, int max) {
        return cap(v, max) / FLORINS_PER_UNIT;
    }

    @Override
    public void encode(MerchantsState s, int observer, float[] buf, int offset) {
        int n = begin(s, observer, buf, offset);
        encodeTable(s, observer, n, buf, offset);
        encodeRoad(s, observer, n, buf, offset);
        encodeSeats(s, observer, n, buf, offset);
        encodeCards(s, observer, n, buf, offset);
        encodeSealed(s, observer, n, buf, offset);
        encodeLoading(s, observer, n, buf, offset);
        encodeTurn(s, buf, offset);
        buf[offset + l.progress] = (float) s.decisions() / MerchantsState.DECISION_CAP;
    }

    /** Phase, who decides, round, wagon track, prices, supply and cities (seats_present is written per seat). */
    private void encodeTable(MerchantsState s, int observer, int n, float[] buf, int o) {
        Table t = l.table;
        MerchantsData d = s.data();
        buf[o + t.phase + s.phase().ordinal()] = 1f;
        if (!s.isTerminal()) {
            buf[o + t.current + rel(s.currentPlayer(), observer, n)] = 1f;
        }
        buf[o + t.first + rel(s.firstPlayer(), observer, n)] = 1f;
        buf[o + t.round] = cap(s.round(), MAX_ROUND);
        buf[o + t.arrivals] = cap(s.arrivals(), MAX_ARRIVALS);
        buf[o + t.endArrivals] = cap(d.endArrivals(n), MAX_ARRIVALS);
        buf[o + t.stepCost] = florins(s.stepCost(), MAX_PRICE);
        for (int level = 0; level < d.levels(); level++) {
            buf[o + t.priceLines + level] = florins(d.cost(level), MAX_PRICE);
            buf[o + t.priceLines + LEVELS + level] = florins(d.sale(level), MAX_PRICE);
        }
        for (int g = 0; g < G; g++) {
            buf[o + t.priceLevel + g * LEVELS + s.priceLevel(g)] = 1f;
            buf[o + t.supply + g] = cap(s.supply(g), MAX_GOODS);
        }
        int open = s.openCities();
        for (int c = 0; c < C; c++) {
            for (int g = 0; g < G; g++) {
                buf[o + t.cityGoods + c * G + g] = d.shows(c, g) ? 1f : 0f;
            }
            buf[o + t.bonus + c] = florins(s.bonus(c), MAX_BONUS);
            buf[o + t.openCities + c] = (open & (1 << c)) != 0 ? 1f : 0f;
        }
    }

    /** Each wagon's place, arrival, master and cargo; the courier's place. */
    private void encodeRoad(MerchantsState s, int observer, int n, float[] buf, int o) {
        Road road = l.road;
        for (int w = 0; w < W; w++) {
            buf[o + road.wagonNode + w * NODES + s.wagonNode(w)] = 1f;
            if (s.wagonPrev(w) >= 0) {
                buf[o + road.wagonPrev + w * NODES + s.wagonPrev(w)] = 1f;
            }
            buf[o + road.arrived + w] = s.arrived(w) ? 1f : 0f;
            if (s.arrivedBy(w) >= 0) {
                buf[o + road.arrivedBy + w * SEATS + rel(s.arrivedBy(w), observer, n)] = 1f;
            }
            if (s.master(w) >= 0) {
                buf[o + road.master + w * SEATS + rel(s.master(w), observer, n)] = 1f;
            }
            for (int p = 0; p < n; p++) {
                int r = rel(p, observer, n);
                for (int g = 0; g < G; g++) {
                    buf[o + road.cargo + (w * SEATS + r) * G + g] = cap(s.cargo(w, p, g), MAX_LOAD);
                }
            }
        }
        buf[o + road.courier + s.courier()] = 1f;
    }

    /** What each seat holds in the open: florins (every seat's with recall, else the observer's), status, tiles... */
    private void encodeSeats(MerchantsState s, int observer, int n, float[] buf, int o) {
        Seats seats = l.seats;
        if (l.recall) {
            for (int p = 0; p < n; p++) {
                buf[o + seats.money + rel(p, observer, n)] = florins(s.money(p), MAX_MONEY);
            }
        } else {
            buf[o + seats.ownMoney] = florins(s.money(observer), MAX_MONEY);
        }
        for (int p = 0; p < n; p++) {
            int r = rel(p, observer, n);
            buf[o + l.table.present + r] = 1f;
            buf[o + seats.status + r * STATUS + s.status(p)] = 1f;
            buf[o + seats.credit + r] = s.hasCredit(p) ? 1f : 0f;
            for (int t = 0; t < TILES; t++) {
                buf[o + seats.tiles + r * TILES + t] = (s.tiles(p) & (1 << t)) != 0 ? 1f : 0f;
            }
            for (int c = 0; c < C; c++) {
                for (int g = 0; g < G; g++) {
                    buf[o + seats.warehouses + (r * C + c) * G + g] = cap(s.warehouse(p, c, g), MAX_GOODS);
                }
            }
            buf[o + seats.handSizes + r] = cap(s.handSize(p), INF * MAX_INFLUENCE_COPIES);
        }
    }

    /** Investment cards (owned, face up, the rest in the face-down pile), influence cards, piles, credit left. */
    private void encodeCards(MerchantsState s, int observer, int n, float[] buf, int o) {
        Cards cards = l.cards;
        MerchantsData d = s.data();
        for (int slot = 0; slot < d.faceUp(); slot++) {
            int card = s.faceUpCard(slot);
            buf[o + cards.faceUp + slot * (INV + 1) + (card >= 0 ? d.investment(card).ordinal() : INV)] = 1f;
        }
        for (int card = 0; card < d.investmentCards(); card++) {
            int kind = d.investment(card).ordinal();
            int owner = s.investmentOwner(card);
            int at = owner >= 0 ? o + l.seats.investments + rel(owner, observer, n) * INV + kind
                    : isFaceUp(s, card) ? -1 : o + cards.investmentPile + kind;
            if (at >= 0) {
                buf[at] = Math.min(buf[at] + 1f, MAX_INVESTMENT_COPIES);
            }
        }
        for (Influence kind : Influence.values()) {
            int k = kind.ordinal();
            buf[o + cards.ownHand + k] = cap(s.influence(observer, kind), MAX_INFLUENCE_COPIES);
            buf[o + cards.discard + k] = cap(s.discarded(kind), MAX_INFLUENCE_COPIES);
        }
        buf[o + cards.piles] = cap(s.investmentLeft(), INV * MAX_INVESTMENT_COPIES);
        buf[o + cards.piles + 1] = cap(s.influenceLeft(), INF * MAX_INFLUENCE_COPIES);
        buf[o + cards.creditLeft] = cap(s.creditLeft(), MAX_CREDIT_CARDS);
    }

    /** Sealed bids and wheels as the observer may see them (its own, everyone's once revealed); the auction. */
    private void encodeSealed(MerchantsState s, int observer, int n, float[] buf, int o) {
        Sealed sealed = l.sealed;
        SealedChoices bids = s.bids();
        SealedChoices wheels = s.wheels();
        buf[o + sealed.bidsRevealed] = bids.isRevealed() ? 1f : 0f;
        buf[o + sealed.wheelsRevealed] = wheels.isRevealed() ? 1f : 0f;
        for (int p = 0; p < n; p++) {
            int r = rel(p, observer, n);
            buf[o + sealed.bidCommitted + r] = bids.hasCommitted(p) ? 1f : 0f;
            int bid = bids.choiceFor(observer, p);
            if (bid >= 0) {
                buf[o + sealed.bidValues + r] = bid;
            }
            buf[o + sealed.wheelCommitted + r] = wheels.hasCommitted(p) ? 1f : 0f;
            int wheel = wheels.choiceFor(observer, p);
            if (wheel >= 0) {
                buf[o + sealed.wheelPointers + r * SPOTS + MerchantsAction.wheelA(wheel)]++;
                buf[o + sealed.wheelPointers + r * SPOTS + MerchantsAction.wheelB(wheel)]++;
            }
        }
        if (s.auctionWagon() >= 0) {
            buf[o + sealed.auctionWagon + s.auctionWagon()] = 1f;
        }
        if (s.auctionSlot() >= 0) {
            buf[o + sealed.auctionSlot + s.auctionSlot()] = 1f;
        }
    }

    /** The wagon being loaded, who requests, the request and the master's offer. */
    private void encodeLoading(MerchantsState s, int observer, int n, float[] buf, int o) {
        Loading loading = l.loading;
        if (s.loadWagon() >= 0) {
            buf[o + loading.loadWagon + s.loadWagon()] = 1f;
        }
        if (s.loader() >= 0) {
            buf[o + loading.loader + rel(s.loader(), observer, n)] = 1f;
        }
        for (int g = 0; g < G; g++) {
            buf[o + loading.request + g] = cap(s.request(g), MAX_LOAD);
        }
        buf[o + loading.offer] = cap(s.offer() / s.data().offerStep(), MerchantsData.MAX_OFFER_STEPS);
    }

    /**
     * The turn in progress: only in its phase (the engine keeps a finished turn's values until the next such
     * turn), then the influence kinds played in a turn that plays them.
     */
    private void encodeTurn(MerchantsState s, float[] buf, int o) {
        Turn turn = l.turn;
        Phase phase = s.phase();
        if (phase == Phase.BUY) {
            buf[o + turn.buyTurn] = cap(s.bought(), MAX_BUYS);
            buf[o + turn.buyTurn + 1] = cap(s.buyPass(), MAX_BUYS);
            buf[o + turn.buyTurn + 2] = cap(s.buyExtra(), MAX_BUYS);
            buf[o + turn.buyTurn + 3] = s.bargain() ? 1f : 0f;
            buf[o + turn.buyTurn + 4] = s.paidReduced() ? 1f : 0f;
        } else if (phase == Phase.MOVE) {
            encodeMoveTurn(s, buf, o);
        } else if (phase == Phase.SHIFT) {
            buf[o + turn.officeLeft] = cap(s.officeLeft(), MAX_INVESTMENT_COPIES);
        } else if (phase == Phase.STATUS) {
            buf[o + turn.statusTurn] = s.exempt() ? 1f : 0f;
            buf[o + turn.statusTurn + 1] = s.creditActed() ? 1f : 0f;
        }
        boolean turnPlays = phase == Phase.BUY || phase == Phase.MOVE || phase == Phase.SHIFT || phase == Phase.STATUS;
        for (Influence kind : Influence.values()) {
            buf[o + turn.played + kind.ordinal()] = turnPlays && s.playedThisTurn(kind) ? 1f : 0f;
        }
    }

    /** The movement turn: tile played or pending, extra and courier points, blocked and moving wagons. */
    private void encodeMoveTurn(MerchantsState s, float[] buf, int o) {
        Turn turn = l.turn;
        buf[o + turn.tilePlayed] = s.tilePlayed() ? 1f : 0f;
        if (s.pendingTile() > 0) {
            buf[o + turn.pendingTile + s.pendingTile() - 1] = 1f;
        }
        buf[o + turn.extraPoints] = cap(s.extraPoints(), MAX_POINTS);
        buf[o + turn.courierLeft] = cap(s.courierLeft(), MAX_POINTS);
        buf[o + turn.courierDone] = s.courierDone() ? 1f : 0f;
        if (s.blockedWagon() >= 0) {
            buf[o + turn.blocked + s.blockedWagon()] = 1f;
        }
        if (s.movingWagon() >= 0) {
            buf[o + turn.moving + s.movingWagon()] = 1f;
            buf[o + turn.movePoints] = cap(s.movePoints(), MAX_POINTS);
        }
    }
}
