package dev.flowrun.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hosts that parsers read as numbers but that are not written as a dotted quad. */
class NumericHostsTest {

    @ParameterizedTest(name = "{0} is non-canonical")
    @ValueSource(strings = {"2130706433", "127.1", "127.0.1", "0177.0.0.1", "0x7f.1", "0x7f000001", "0X7F.0.0.1",
            "017700000001", "0", "0x", "127.0.0.01", "127.0.0.1.", "1.2.3.4.5", "1.2.3.256", "example.123",
            "127.0.0.0x1", "00.0.0.0", "a.0x"})
    void numericLookalikesAreNonCanonical(String host) {
        assertThat(NumericHosts.isNonCanonical(host)).isTrue();
    }

    @ParameterizedTest(name = "{0} is fine")
    @ValueSource(strings = {"127.0.0.1", "0.0.0.0", "8.8.8.8", "255.255.255.255", "10.0.0.5", "example.com",
            "localhost", "1.2.3.4.example.com", "0x7f.example", "123.example", "::1", "::ffff:7f00:1",
            "xn--nxasmq6b.example", "1e3"})
    void canonicalAddressesAndNamesAreFine(String host) {
        assertThat(NumericHosts.isNonCanonical(host)).isFalse();
    }
}
