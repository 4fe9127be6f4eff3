package dev.kaisen.env.merchants;

import java.util.Arrays;

import static dev.kaisen.env.merchants.MerchantsData.GOODS;
import static dev.kaisen.env.merchants.MerchantsState.NONE;

/**
 * The loading's scratch (action 2, {@link Phase#MASTER_LOAD} to {@link Phase#ANSWER}): the wagon
 * being loaded, the player whose request is open and that request with its price.
 */
final class Loading {
    /** The wagon being loaded, or -1. */
    int wagon = NONE;
    /** The player whose request is open, or -1. */
    int loader = NONE;
    /** The loader's position in turn order. */
    int loaderTurn;
    /** The goods requested, per type. */
    final int[] request = new int[GOODS];
    /** The master's price for the request, in florins. */
    int offer;

    Loading copy() {
        Loading l = new Loading();
        l.copyFrom(this);
        return l;
    }

    void copyFrom(Loading o) {
        wagon = o.wagon;
        loader = o.loader;
        loaderTurn = o.loaderTurn;
        System.arraycopy(o.request, 0, request, 0, GOODS);
        offer = o.offer;
    }

    int requestCount() {
        int k = 0;
        for (int g : request) {
            k += g;
        }
        return k;
    }

    /** Nothing requested. */
    void clearRequest() {
        Arrays.fill(request, 0);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Loading l && wagon == l.wagon && loader == l.loader && loaderTurn == l.loaderTurn
                && offer == l.offer && Arrays.equals(request, l.request);
    }

    @Override
    public int hashCode() {
        return ((wagon * 31 + loader) * 31 + offer) * 31 + Arrays.hashCode(request);
    }
}
