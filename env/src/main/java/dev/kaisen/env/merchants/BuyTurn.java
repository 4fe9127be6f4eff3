package dev.kaisen.env.merchants;

/** The buy turn's scratch (action 1, {@link Phase#BUY}): what the player to act has bought and played so far. */
final class BuyTurn {
    /** Goods bought this turn. */
    int bought;
    /** The extra goods Market Right allows this turn. */
    int buyExtra;
    /** Whether Bargain was played this turn. */
    boolean bargain;
    /** Whether the turn's reduced price (Reduced Cost or Bargain) is paid: further goods are free. */
    boolean paidReduced;

    BuyTurn copy() {
        BuyTurn t = new BuyTurn();
        t.copyFrom(this);
        return t;
    }

    void copyFrom(BuyTurn o) {
        bought = o.bought;
        buyExtra = o.buyExtra;
        bargain = o.bargain;
        paidReduced = o.paidReduced;
    }

    /** A new turn: nothing bought or played. */
    void begin() {
        bought = 0;
        buyExtra = 0;
        bargain = false;
        paidReduced = false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BuyTurn t && bought == t.bought && buyExtra == t.buyExtra && bargain == t.bargain
                && paidReduced == t.paidReduced;
    }

    @Override
    public int hashCode() {
        return (bought * 31 + buyExtra) * 4 + (bargain ? 2 : 0) + (paidReduced ? 1 : 0);
    }
}
