package dev.kaisen.env.merchants;

/** TEMPORARY (replaced before commit). */
final class MerchantsJson {
    static String toJson(MerchantsState s, boolean pretty) {
        throw new UnsupportedOperationException("TODO");
    }

    static MerchantsState fromJson(String json) {
        throw new UnsupportedOperationException("TODO");
    }
}
