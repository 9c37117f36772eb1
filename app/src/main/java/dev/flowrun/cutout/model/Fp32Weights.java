package dev.flowrun.cutout.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns an ONNX model with half-precision (fp16) weights into the same graph in single precision: every fp16
 * tensor (initializers, constants, attribute tensors) widened to fp32, every {@code Cast} to fp16 made a cast to
 * fp32, and every fp16 type declared on the graph's inputs, outputs and intermediate values made fp32. ONNX Runtime's
 * CPU kernels compute in fp32 whatever the file holds, so an fp16 file costs a cast per weight at load and at run
 * time and the two files give the same answers to within the casts' rounding.
 *
 * <p>ONNX is protobuf ({@code onnx.proto}); the converter reads and writes just the messages on the way to those
 * fields and copies every other field byte for byte, so nothing else in the model changes.
 */
public final class Fp32Weights {
    private static final int FLOAT = 1;
    private static final int FLOAT16 = 10;

    private enum Kind { MODEL, GRAPH, NODE, ATTRIBUTE, TENSOR, VALUE_INFO, TYPE, TENSOR_TYPE, SEQUENCE_TYPE,
        MAP_TYPE, OPTIONAL_TYPE, FUNCTION }

    private Fp32Weights() {
    }

    /** The model with fp32 in place of every fp16; a model without fp16 comes back equal to itself. */
    public static byte[] convert(byte[] model) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(model.length);
        convert(model, out);
        return out.toByteArray();
    }

    /**
     * Writes the converted model to {@code out} as it goes: every length is counted before its message is written,
     * so beside the input nothing of the model's size is held.
     */
    public static void convert(byte[] model, OutputStream out) throws IOException {
        try {
            Sink sink = new Sink(out);
            message(model, 0, model.length, Kind.MODEL, false, sink);
            sink.flush();
        } catch (IndexOutOfBoundsException e) {
            throw new IOException("not an ONNX model: a field runs past the end of the file");
        }
    }

    /**
     * Writes the message in {@code buf[from, to)} converted to {@code sink}, or only counts its bytes when the sink
     * is a counter; {@code cast}: it is an attribute of a Cast node.
     */
    private static void message(byte[] buf, int from, int to, Kind kind, boolean cast, Sink sink)
            throws IOException {
        if (kind == Kind.TENSOR) {
            tensor(buf, from, to, sink);
            return;
        }
        if (kind == Kind.NODE) {
            cast = isCast(buf, from, to);
        }
        boolean typeAttribute = kind == Kind.ATTRIBUTE && isTypeAttribute(buf, from, to, cast);
        Reader in = new Reader(buf, from, to);
        while (in.more()) {
            int start = in.pos;
            long tag = in.varint();
            int field = (int) (tag >>> 3);
            int wire = (int) (tag & 7);
            Kind child = child(kind, field);
            if (wire == 2 && child != null) {
                int length = in.length();
                Sink counter = Sink.counter();
                message(buf, in.pos, in.pos + length, child, cast, counter);
                sink.varint(tag);
                sink.varint(counter.count);
                if (sink.out == null) {
                    sink.count += counter.count;
                } else {
                    message(buf, in.pos, in.pos + length, child, cast, sink);
                }
                in.pos += length;
            } else if (wire == 0 && (kind == Kind.TENSOR_TYPE && field == 1 || typeAttribute && field == 3)) {
                long value = in.varint();
                sink.varint(tag);
                sink.varint(value == FLOAT16 ? FLOAT : value);
            } else {
                in.skip(wire);
                sink.write(buf, start, in.pos - start);
            }
        }
    }

    /** Which message a length-delimited field holds, where it leads to something converted; else null. */
    private static Kind child(Kind kind, int field) {
        return switch (kind) {
            case MODEL -> field == 7 ? Kind.GRAPH : field == 25 ? Kind.FUNCTION : null;
            case GRAPH -> switch (field) {
                case 1 -> Kind.NODE;
                case 5 -> Kind.TENSOR;
                case 11, 12, 13 -> Kind.VALUE_INFO;
                default -> null;
            };
            case FUNCTION -> field == 7 ? Kind.NODE : field == 12 ? Kind.VALUE_INFO : null;
            case NODE -> field == 5 ? Kind.ATTRIBUTE : null;
            case ATTRIBUTE -> switch (field) {
                case 5, 10 -> Kind.TENSOR;
                case 6, 11 -> Kind.GRAPH;
                case 14, 15 -> Kind.TYPE;
                default -> null;
            };
            case VALUE_INFO -> field == 2 ? Kind.TYPE : null;
            case TYPE -> switch (field) {
                case 1, 8 -> Kind.TENSOR_TYPE; // tensor_type, sparse_tensor_type
                case 4 -> Kind.SEQUENCE_TYPE;
                case 5 -> Kind.MAP_TYPE;
                case 9 -> Kind.OPTIONAL_TYPE;
                default -> null;
            };
            case SEQUENCE_TYPE, OPTIONAL_TYPE -> field == 1 ? Kind.TYPE : null;
            case MAP_TYPE -> field == 2 ? Kind.TYPE : null;
            default -> null;
        };
    }

    /** A node whose op_type (field 4) is Cast: its {@code to} attribute names a type. */
    private static boolean isCast(byte[] buf, int from, int to) throws IOException {
        byte[] op = stringField(buf, from, to, 4);
        return op != null && Arrays.equals(op, "Cast".getBytes(StandardCharsets.UTF_8));
    }

    /** An attribute holding a tensor element type in its int (field 3): Cast's {@code to}, any op's {@code dtype}. */
    private static boolean isTypeAttribute(byte[] buf, int from, int to, boolean cast) throws IOException {
        byte[] name = stringField(buf, from, to, 1);
        if (name == null) {
            return false;
        }
        String s = new String(name, StandardCharsets.UTF_8);
        return cast && s.equals("to") || s.equals("dtype");
    }

    private static byte[] stringField(byte[] buf, int from, int to, int wanted) throws IOException {
        Reader in = new Reader(buf, from, to);
        while (in.more()) {
            long tag = in.varint();
            int wire = (int) (tag & 7);
            if ((tag >>> 3) == wanted && wire == 2) {
                int length = (int) in.varint();
                return Arrays.copyOfRange(buf, in.pos, in.pos + length);
            }
            in.skip(wire);
        }
        return null;
    }

    /**
     * A TensorProto: fp16 data (raw_data, field 9, or one value per int32_data entry, field 5) becomes fp32
     * raw_data and data_type (field 2) FLOAT; any other tensor is copied as it is.
     */
    private static void tensor(byte[] buf, int from, int to, Sink sink) throws IOException {
        Reader in = new Reader(buf, from, to);
        long type = 0;
        boolean external = false;
        int typedValues = 0;
        while (in.more()) {
            long tag = in.varint();
            int field = (int) (tag >>> 3);
            int wire = (int) (tag & 7);
            if (field == 2 && wire == 0) {
                type = in.varint();
            } else if (field == 14 && wire == 0) {
                external = in.varint() == 1;
            } else if (field == 5 && (wire == 0 || wire == 2)) {
                int end = wire == 2 ? in.length() + in.pos : in.pos;
                do {
                    in.varint();
                    typedValues++;
                } while (in.pos < end);
            } else {
                in.skip(wire);
            }
        }
        if (type != FLOAT16) {
            sink.write(buf, from, to - from);
            return;
        }
        if (external) {
            throw new IOException("an fp16 tensor stored outside the model file cannot be converted");
        }
        ByteArrayOutputStream typed = new ByteArrayOutputStream(4 * typedValues);
        Sink values = new Sink(typed);
        in = new Reader(buf, from, to);
        while (in.more()) {
            int start = in.pos;
            long tag = in.varint();
            int field = (int) (tag >>> 3);
            int wire = (int) (tag & 7);
            if (field == 2 && wire == 0) {
                in.varint();
                sink.varint(tag);
                sink.varint(FLOAT);
            } else if (field == 9 && wire == 2) {
                int length = in.length();
                if (length % 2 != 0) {
                    throw new IOException("fp16 raw data of an odd length");
                }
                sink.varint(tag);
                sink.varint(2L * length);
                sink.halves(buf, in.pos, length);
                in.pos += length;
            } else if (field == 5 && (wire == 0 || wire == 2)) { // one value per entry, packed or not
                int end = wire == 2 ? in.length() + in.pos : in.pos;
                do {
                    values.float32(halfToFloat((int) in.varint() & 0xFFFF));
                } while (in.pos < end);
            } else {
                in.skip(wire);
                sink.write(buf, start, in.pos - start);
            }
        }
        if (typedValues > 0) { // as raw_data: a tensor holds raw_data or typed values, not both
            values.flush();
            sink.varint(9L << 3 | 2);
            sink.varint(typed.size());
            sink.write(typed.toByteArray(), 0, typed.size());
        }
    }

    /** IEEE 754 binary16 bits to the float of the same value (subnormals, infinities and NaN included). */
    static float halfToFloat(int half) {
        int sign = (half & 0x8000) << 16;
        int exponent = half >>> 10 & 0x1F;
        int mantissa = half & 0x3FF;
        if (exponent == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F800000 | mantissa << 13);
        }
        if (exponent == 0) {
            float value = mantissa * 0x1p-24f; // subnormal (or zero): exact in float
            return sign != 0 ? -value : value;
        }
        return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
    }

    /** A protobuf reader over a slice of an array. */
    private static final class Reader {
        private final byte[] buf;
        private final int end;
        int pos;

        Reader(byte[] buf, int from, int to) {
            this.buf = buf;
            this.pos = from;
            this.end = to;
        }

        boolean more() {
            return pos < end;
        }

        long varint() throws IOException {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = buf[pos++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
            throw new IOException("not an ONNX model: a varint longer than 10 bytes");
        }

        /** A length-delimited field's length, checked against its message's end. */
        int length() throws IOException {
            long length = varint();
            if (length < 0 || length > end - pos) {
                throw new IOException("not an ONNX model: a field runs past its message");
            }
            return (int) length;
        }

        void skip(int wire) throws IOException {
            switch (wire) {
                case 0 -> varint();
                case 1 -> pos += 8;
                case 2 -> {
                    int length = length(); // read before pos is: the length's own bytes move it
                    pos += length;
                }
                case 5 -> pos += 4;
                default -> throw new IOException("not an ONNX model: protobuf wire type " + wire);
            }
            if (pos > end) {
                throw new IOException("not an ONNX model: a field runs past its message");
            }
        }
    }

    /** Where converted bytes go: a stream, or nowhere with only their number counted. */
    private static final class Sink {
        final OutputStream out;
        private final byte[] buffer;
        private final byte[] scratch = new byte[10];
        private int used;
        long count;

        Sink(OutputStream out) {
            this.out = out;
            this.buffer = out == null ? null : new byte[1 << 16];
        }

        static Sink counter() {
            return new Sink(null);
        }

        void write(byte[] from, int offset, int length) throws IOException {
            count += length;
            if (out == null) {
                return;
            }
            if (length > buffer.length - used) {
                flush();
                if (length > buffer.length) {
                    out.write(from, offset, length);
                    return;
                }
            }
            System.arraycopy(from, offset, buffer, used, length);
            used += length;
        }

        void varint(long value) throws IOException {
            int n = 0;
            while ((value & ~0x7FL) != 0) {
                scratch[n++] = (byte) (value & 0x7F | 0x80);
                value >>>= 7;
            }
            scratch[n++] = (byte) value;
            write(scratch, 0, n);
        }

        void float32(float value) throws IOException {
            count += 4;
            if (out == null) {
                return;
            }
            if (buffer.length - used < 4) {
                flush();
            }
            int bits = Float.floatToRawIntBits(value);
            buffer[used++] = (byte) bits;
            buffer[used++] = (byte) (bits >>> 8);
            buffer[used++] = (byte) (bits >>> 16);
            buffer[used++] = (byte) (bits >>> 24);
        }

        /** {@code length} bytes of little-endian fp16 values, as little-endian fp32 ones. */
        void halves(byte[] from, int offset, int length) throws IOException {
            if (out == null) {
                count += 2L * length;
                return;
            }
            for (int i = offset; i < offset + length; i += 2) {
                float32(halfToFloat(from[i] & 0xFF | (from[i + 1] & 0xFF) << 8));
            }
        }

        void flush() throws IOException {
            if (out != null && used > 0) {
                out.write(buffer, 0, used);
                used = 0;
            }
        }
    }
}
