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

        private Proto bytes(int field, byte[] value) {
            raw((long) field << 3 | 2);
            raw(value.length);
            out.writeBytes(value);
            return this;
        }

        private void raw(long value) {
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
