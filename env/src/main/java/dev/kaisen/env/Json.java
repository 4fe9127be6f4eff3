package dev.kaisen.env;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

import java.util.List;

/**
 * The one Jackson configuration used for states and game records. Strict: unknown fields,
 * duplicate keys, trailing content, a null for a primitive, and a number given as a string or
 * a whole number given as a fraction ({@code "49"}, {@code 49.0}, {@code 49.9}) are rejected.
 */
public final class Json {
    private static final ObjectMapper MAPPER = strict();

    private static ObjectMapper strict() {
        JsonMapper m = JsonMapper.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .build();
        for (LogicalType t : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            m.coercionConfigFor(t).setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        m.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return m;
    }

    private Json() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String write(Object value, boolean pretty) {
        try {
            return pretty ? MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value)
                    : MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Reads JSON into a type; malformed input becomes a {@link GameFormatException} naming the problem and where. */
    public static <T> T read(String json, Class<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw malformed(e);
        }
    }

    /**
     * Reads JSON into a type from a reader; malformed input becomes a {@link GameFormatException},
     * and the reader's own failures are thrown as they are.
     */
    public static <T> T read(java.io.Reader json, Class<T> type) throws java.io.IOException {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw malformed(e);
        }
    }

    private static GameFormatException malformed(JsonProcessingException e) {
        String where = e.getLocation() == null ? ""
                : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
        String field = e instanceof JsonMappingException m ? path(m.getPath()) : "";
        String message = e.getOriginalMessage().replace(" (but might if coercion using `CoercionConfig` was enabled)", "");
        return new GameFormatException("malformed JSON" + where + (field.isEmpty() ? "" : " (field " + field + ")")
                + ": " + message, e);
    }

    /** A field path such as {@code steps[5].action}. */
    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    /** Throws a {@link GameFormatException} when a required field is absent. */
    public static <T> T require(T value, String field) {
        if (value == null) {
            throw new GameFormatException("missing field '" + field + "'");
        }
        return value;
    }

    /** A random stream's state as written in state JSON: 64 bits in hexadecimal. */
    public static String rngHex(long rng) {
        return Long.toHexString(rng);
    }

    /** Reads {@link #rngHex}'s form, or throws a {@link GameFormatException} naming the field. */
    public static long rngFromHex(String hex, String field) {
        try {
            return Long.parseUnsignedLong(require(hex, field), 16);
        } catch (NumberFormatException e) {
            throw new GameFormatException(field + " must be a 64-bit hexadecimal number, not '" + hex + "'");
        }
    }
}
