package dev.kaisen.env.merchants;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import static dev.kaisen.env.merchants.MerchantsData.CITIES;
import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsData.WAGONS;

/**
 * The facts of a {@link MerchantsView} that the pictures draw and would otherwise work out from the
 * rules or the game data: the board's words, the map, the price chart, the status ladder, the
 * wagons' headings, the cards, and the sealed choices and hands as the observer sees them (the
 * fields from {@code title} to {@code handWords} in the view's class comment).
 */
final class MerchantsViewFacts {
    private MerchantsViewFacts() {
    }

    static void add(ObjectNode view, MerchantsState s, int observer) {
        view.put("title", MerchantsWords.title(s, observer));
        view.put("status", MerchantsWords.status(s));
        data(view, s.data(), s.numPlayers());
        ArrayNode prices = view.putArray("prices");
        for (int g = 0; g < GOODS; g++) {
            prices.addObject().put("level", s.priceLevel(g)).put("cost", s.cost(g)).put("sale", s.salePrice(g));
        }
        wagons(view, s);
        cards(view, s);
        sealed(view, s, observer);
    }

    /** The game data's part: goods, places, roads, markets, price lines, end arrivals, status ladder, credit cards. */
    private static void data(ObjectNode view, MerchantsData d, int players) {
        ArrayNode goods = view.putArray("goods");
        for (int g = 0; g < GOODS; g++) {
            goods.add(d.good(g));
        }
        ArrayNode places = view.putArray("places");
        for (int v = 0; v < d.nodes(); v++) {
            places.add(d.nodeName(v));
        }
        view.put("forks", d.map.forks);
        ArrayNode roads = view.putArray("roads");
        for (int[] r : d.map.roads) {
            ObjectNode road = roads.addObject().put("from", r[0]).put("to", r[1]);
            ArrayNode spaces = road.putArray("spaces");
            for (int k = 2; k < r.length; k++) {
                spaces.add(r[k]);
            }
        }
        ArrayNode markets = view.putArray("markets");
        for (int c = 0; c < CITIES; c++) {
            ArrayNode m = markets.addArray();
            for (int g : d.cityGoods(c)) {
                m.add(g);
            }
        }
        ObjectNode lines = view.putObject("priceLines");
        ArrayNode cost = lines.putArray("cost");
        ArrayNode sale = lines.putArray("sale");
        for (int l = 0; l < d.levels(); l++) {
            cost.add(d.cost(l));
            sale.add(d.sale(l));
        }
        view.put("endArrivals", d.endArrivals(players));
        ArrayNode levels = view.putArray("statusLevels");
        for (int l = 0; l < d.statusLevels(); l++) {
            levels.addObject().put("name", d.statusName(l)).put("upkeep", d.upkeep(l));
        }
        view.put("creditCards", d.creditCards());
    }

    /** Each wagon's heading and line, the wagon in the middle of a move and the places it passed, the blocked wagon. */
    private static void wagons(ObjectNode view, MerchantsState s) {
        ArrayNode wagons = view.putArray("wagons");
        for (int w = 0; w < WAGONS; w++) {
            wagons.addObject().put("heading", MerchantsWords.heading(s.data(), s.wagonNode(w), s.wagonPrev(w)))
                    .put("line", MerchantsWords.wagon(s, w) + "; cargo " + MerchantsWords.cargo(s, w));
        }
        int moving = MerchantsText.movingWagon(s);
        view.put("movingWagon", moving);
        ArrayNode passed = view.putArray("passed");
        for (int k = 0; moving >= 0 && k < s.move.pathLen; k++) {
            passed.add(s.move.path[k]);
        }
        view.put("blockedWagon", s.phase() == Phase.MOVE ? s.blockedWagon() : -1);
    }

    /** The auction's slot, the face-up cards, each seat's cards and the influence discard. */
    private static void cards(ObjectNode view, MerchantsState s) {
        MerchantsData d = s.data();
        view.put("auctionSlot", s.phase() == Phase.BID ? s.auctionSlot() : -1);
        ArrayNode faceUp = view.putArray("faceUp");
        for (int k = 0; k < d.faceUp(); k++) {
            if (s.faceUpCard(k) < 0) {
                faceUp.addNull();
            } else {
                faceUp.add(d.investment(s.faceUpCard(k)).id());
            }
        }
        ArrayNode owned = view.putArray("owned");
        for (int p = 0; p < s.numPlayers(); p++) {
            ArrayNode mine = owned.addArray();
            MerchantsWords.owned(s, p).forEach(mine::add);
        }
        ObjectNode discard = view.putObject("discard");
        for (Influence k : Influence.values()) {
            if (s.discarded(k) > 0) {
                discard.put(k.id(), s.discarded(k));
            }
        }
    }

    /** The sealed lines, each seat's choices and hand as the board words them for the observer. */
    private static void sealed(ObjectNode view, MerchantsState s, int observer) {
        ArrayNode lines = view.putArray("sealedLines");
        for (boolean bids : new boolean[] {true, false}) {
            String line = MerchantsWords.sealedLine(s, bids, observer);
            if (line == null) {
                view.putNull(bids ? "bidWords" : "wheelWords");
                continue;
            }
            lines.add(line);
            ArrayNode words = view.putArray(bids ? "bidWords" : "wheelWords");
            for (int p = 0; p < s.numPlayers(); p++) {
                words.add(MerchantsWords.choice(s, bids, p, observer));
            }
        }
        ArrayNode hands = view.putArray("handWords");
        for (int p = 0; p < s.numPlayers(); p++) {
            hands.add(MerchantsWords.hand(s, p, observer));
        }
    }
}
