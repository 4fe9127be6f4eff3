package dev.kaisen.env.osaka;

import dev.kaisen.env.Game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** The documented table of the 64 action ids (id, name, meaning), printed by {@code ./kaisen spec}. */
final class OsakaActionTable {
    public static final List<Game.ActionEntry> ENTRIES = build();

    private OsakaActionTable() {
    }

    private static String colour(int c) {
        return Colour.of(c).name().toLowerCase(Locale.ROOT);
    }

    private static String card(int type) {
        return colour(Cards.typeColour(type)) + " " + Cards.typeValue(type);
    }

    private static List<Game.ActionEntry> build() {
        List<Game.ActionEntry> e = new ArrayList<>();
        for (int a = 0; a < OsakaAction.COUNT; a++) {
            String meaning;
            if (a < OsakaAction.BUY) {
                meaning = "setup: take a starting achievement token of colour " + colour(a - OsakaAction.TOKEN);
            } else if (a == OsakaAction.BUY) {
                meaning = "buy every Market card not reserved by another player (own reserved card included); opens the payment";
            } else if (a < OsakaAction.TAKE_RESERVED) {
                meaning = "take coins: an unreserved " + card(a - OsakaAction.TAKE) + " from the Market into the hand";
            } else if (a == OsakaAction.TAKE_RESERVED) {
                meaning = "take coins: the player's own reserved Market card into the hand (the reserve piece returns)";
            } else if (a < OsakaAction.RESERVE_FARM) {
                meaning = "put the reserve piece on an unreserved " + card(a - OsakaAction.RESERVE_MARKET) + " in the Market";
            } else if (a < OsakaAction.PAY) {
                meaning = "put the reserve piece on an unreserved " + card(a - OsakaAction.RESERVE_FARM) + " in the Farm";
            } else if (a < OsakaAction.INSURE) {
                meaning = "payment: discard a " + card(a - OsakaAction.PAY) + " from the hand towards the cost";
            } else if (a < OsakaAction.STOP_INSURING) {
                int c = (a - OsakaAction.INSURE) / 2;
                int value = (a - OsakaAction.INSURE) % 2 == 0 ? 2 : 3;
                meaning = "insurance: discard a " + colour(c) + " " + value + " from the hand to insure "
                        + (value == 2 ? "two" : "one") + " " + colour(c) + " good" + (value == 2 ? "s" : "");
            } else if (a == OsakaAction.STOP_INSURING) {
                meaning = "insurance: insure nothing more in this payout";
            } else {
                meaning = "pass: only when no other action is possible (stalemate guard)";
            }
            e.add(new Game.ActionEntry(a, OsakaAction.name(a), meaning));
        }
        return Collections.unmodifiableList(e);
    }
}
