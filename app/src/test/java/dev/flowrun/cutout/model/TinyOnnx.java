package dev.flowrun.cutout.model;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes a one-node ONNX model by hand (protobuf, field numbers from onnx.proto): a float input of shape
 * [1, 3, n, n] named {@code input.1}, and its mean over the channels, [1, 1, n, n], as the only output. ONNX
 * Runtime cannot build models and no U²-Net model can be had from a package, so this stands in for a U²-Net export
 * in tests: same input shape and name, and its output (the picture's brightness) says what the model saw.
 */
final class TinyOnnx {
    private TinyOnnx() {
    }

    static byte[] channelMean(int n) {
        Proto axes = new Proto().string(1, "axes").varint(20, 7).varint(8, 1); // INTS [1]
        Proto keep = new Proto().string(1, "keepdims").varint(20, 2).varint(3, 1); // INT 1
        Proto node = new Proto().string(1, "input.1").string(2, "d0").string(3, "mean").string(4, "ReduceMean")
                .message(5, axes).message(5, keep);
        Proto graph = new Proto().message(1, node).string(2, "tiny")
                .message(11, valueInfo("input.1", 3, n)).message(12, valueInfo("d0", 1, n));
        Proto opset = new Proto().string(1, "").varint(2, 13);
        return new Proto().varint(1, 7).string(2, "flowrun-test").message(7, graph).message(8, opset).bytes();
    }

    /**
     * A model in the shape of an fp16 export, as IMG.LY's ISNet is: a float input {@code x} of shape [1, 4]; two
     * fp16 initializers, {@code w} in raw_data and {@code v} one value per int32_data entry (both forms are valid
     * ONNX); each cast to float, then {@code y = cast_to_float(cast_to_fp16(x + w)) * v} through a float16
     * intermediate declared in value_info, as the only output, [1, 4] float.
     *
     * @param w  four fp16 bit patterns
     * @param v  four fp16 bit patterns
     */
    static byte[] halfWeights(int[] w, int[] v) {
        byte[] raw = new byte[2 * w.length];
        for (int i = 0; i < w.length; i++) {
            raw[2 * i] = (byte) w[i];
            raw[2 * i + 1] = (byte) (w[i] >>> 8);
        }
        Proto wTensor = new Proto().varint(1, 1).varint(1, w.length).varint(2, 10).string(8, "w").bytes(9, raw);
        Proto ints = new Proto();
        for (int h : v) {
            ints.raw(h);
        }
        Proto vTensor = new Proto().varint(1, 1).varint(1, v.length).varint(2, 10).bytes(5, ints.bytes())
                .string(8, "v");
        Proto graph = new Proto()
                .message(1, cast("w", "wf", 1)).message(1, cast("v", "vf", 1))
                .message(1, new Proto().string(1, "x").string(1, "wf").string(2, "s").string(3, "add")
                        .string(4, "Add"))
                .message(1, cast("s", "sh", 10)).message(1, cast("sh", "sf", 1))
                .message(1, new Proto().string(1, "sf").string(1, "vf").string(2, "y").string(3, "mul")
                        .string(4, "Mul"))
                .string(2, "half").message(5, wTensor).message(5, vTensor)
                .message(11, vector("x", 1)).message(12, vector("y", 1)).message(13, vector("sh", 10));
        Proto opset = new Proto().string(1, "").varint(2, 13);
        return new Proto().varint(1, 7).string(2, "flowrun-test").message(7, graph).message(8, opset).bytes();
    }

    private static Proto cast(String in, String out, int to) {
        Proto attribute = new Proto().string(1, "to").varint(20, 2).varint(3, to); // INT
        return new Proto().string(1, in).string(2, out).string(3, out + "-cast").string(4, "Cast")
                .message(5, attribute);
    }

    private static Proto vector(String name, int elementType) {
        Proto shape = new Proto().message(1, new Proto().varint(1, 1)).message(1, new Proto().varint(1, 4));
        Proto tensor = new Proto().varint(1, elementType).message(2, shape);
        return new Proto().string(1, name).message(2, new Proto().message(1, tensor));
    }

    private static Proto valueInfo(String name, int channels, int n) {
        Proto shape = new Proto();
        for (long d : new long[] {1, channels, n, n}) {
            shape.message(1, new Proto().varint(1, d));
        }
        Proto tensor = new Proto().varint(1, 1).message(2, shape); // FLOAT
        return new Proto().string(1, name).message(2, new Proto().message(1, tensor));
    }

    /** Just enough protobuf: varints and length-delimited fields. */
    private static final class Proto {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Proto varint(int field, long value) {
            raw((long) field << 3);
            raw(value);
            return this;
        }

        Proto string(int field, String value) {
            return bytes(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Proto message(int field, Proto value) {
            return bytes(field, value.bytes());
        }

        Proto bytes(int field, byte[] value) {
            raw((long) field << 3 | 2);
            raw(value.length);
            out.writeBytes(value);
            return this;
        }

        void raw(long value) {
            while ((value & ~0x7FL) != 0) {
                out.write((int) (value & 0x7F | 0x80));
                value >>>= 7;
            }
            out.write((int) value);
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
