package dev.flowrun.cutout.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fp16 → fp32 conversion of a model's weights, on a small model built here in the shape of an fp16 export
 * (fp16 initializers in both of ONNX's forms, casts to and from fp16, an fp16 intermediate), run by ONNX Runtime
 * before and after.
 */
class Fp32WeightsTest {
    /** 0.5, -2, 65504 (the largest fp16), 2^-24 (the smallest subnormal). */
    private static final int[] W = {0x3800, 0xC000, 0x7BFF, 0x0001};
    /** 1, 0.333251953125 (fp16's nearest to ⅓), -0.0, 0.099975586 (fp16's nearest to 0.1). */
    private static final int[] V = {0x3C00, 0x3555, 0x8000, 0x2E66};

    @Test
    void halvesBecomeTheFloatsOfTheSameValue() {
        assertThat(Fp32Weights.halfToFloat(0x3C00)).isEqualTo(1f);
        assertThat(Fp32Weights.halfToFloat(0xC000)).isEqualTo(-2f);
        assertThat(Fp32Weights.halfToFloat(0x7BFF)).isEqualTo(65504f);
        assertThat(Fp32Weights.halfToFloat(0x0001)).isEqualTo(0x1p-24f);
        assertThat(Fp32Weights.halfToFloat(0x03FF)).isEqualTo(1023 * 0x1p-24f);
        assertThat(Fp32Weights.halfToFloat(0x0400)).isEqualTo(0x1p-14f);
        assertThat(Fp32Weights.halfToFloat(0x3555)).isEqualTo(0.333251953125f);
        assertThat(Float.floatToRawIntBits(Fp32Weights.halfToFloat(0x8000))).isEqualTo(0x80000000);
        assertThat(Fp32Weights.halfToFloat(0x7C00)).isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(Fp32Weights.halfToFloat(0xFC00)).isEqualTo(Float.NEGATIVE_INFINITY);
        assertThat(Fp32Weights.halfToFloat(0x7E00)).isNaN();
    }

    @Test
    void theConvertedModelHasNoFp16LeftAndGivesTheOriginalsAnswer() throws Exception {
        byte[] original = TinyOnnx.halfWeights(W, V);
        byte[] converted = Fp32Weights.convert(original);
        assertThat(converted.length).isGreaterThan(original.length);
        float[] x = {0.25f, 2.5f, -1000f, 0.75f};
        float[] before = run(original, x);
        float[] after = run(converted, x);
        // fp16's rounding of x + w in the original is all that may differ: 1e-3 relative at most.
        for (int i = 0; i < x.length; i++) {
            assertThat(after[i]).isCloseTo(before[i], org.assertj.core.data.Offset.offset(
                    1e-3f * Math.max(1, Math.abs(before[i]))));
        }
        // The converted model computes in fp32 throughout: (x + w) · v exactly as floats do it.
        assertThat(after).containsExactly((0.25f + 0.5f) * 1f, (2.5f - 2f) * 0.333251953125f,
                (-1000f + 65504f) * -0f, (0.75f + 0x1p-24f) * Fp32Weights.halfToFloat(0x2E66));
        assertThat(Fp32Weights.convert(converted)).isEqualTo(converted); // nothing left to convert
        assertThat(new String(converted, java.nio.charset.StandardCharsets.ISO_8859_1)).contains("flowrun-test");
    }

    @Test
    void whatIsNotOnnxIsRefusedWithAReason() {
        byte[] cut = Arrays.copyOf(TinyOnnx.halfWeights(W, V), 60);
        assertThatThrownBy(() -> Fp32Weights.convert(cut)).isInstanceOf(IOException.class)
                .hasMessageContaining("not an ONNX model");
        assertThatThrownBy(() -> Fp32Weights.convert(new byte[] {0x0F, 1, 2})).isInstanceOf(IOException.class);
    }

    private static float[] run(byte[] model, float[] x) throws Exception {
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession session = env.createSession(model, new OrtSession.SessionOptions());
             OnnxTensor input = OnnxTensor.createTensor(env, new float[][] {x});
             OrtSession.Result result = session.run(Map.of("x", input))) {
            assertThat(((TensorInfo) session.getOutputInfo().get("y").getInfo()).type.toString()).isEqualTo("FLOAT");
            return ((float[][]) result.get(0).getValue())[0];
        }
    }
}
