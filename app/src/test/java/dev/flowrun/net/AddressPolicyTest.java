package dev.flowrun.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The address policy, one row per address: refused with the rule that says why, or allowed. */
class AddressPolicyTest {

    @ParameterizedTest(name = "{0} is refused: {1}")
    @MethodSource("dev.flowrun.net.GuardVectors#refusedAddresses")
    void refusedAddressesNameTheirRule(String address, String why) {
        var refusal = AddressPolicy.refusal(bytes(address));
        assertThat(refusal).as(address).isPresent();
        assertThat(refusal.get().why()).isEqualTo(why);
        assertThat(refusal.get().address()).isEqualTo(address);
    }

    @ParameterizedTest(name = "{0} is allowed")
    @MethodSource("dev.flowrun.net.GuardVectors#allowedAddresses")
    void publicAddressesAreAllowed(String address) {
        assertThat(AddressPolicy.refusal(bytes(address))).as(address).isEmpty();
    }

    @ParameterizedTest(name = "{0} as Java parses it is refused too")
    @CsvSource(textBlock = """
            ::ffff:127.0.0.1
            ::ffff:7f00:1
            0:0:0:0:0:ffff:a9fe:a9fe
            """)
    void mappedAddressesAreJudgedByTheirIpv4AddressWhateverTheirForm(String address) throws UnknownHostException {
        // InetAddress turns ::ffff:a.b.c.d into a plain IPv4 address; the policy sees that one.
        InetAddress parsed = InetAddress.getByName(address);
        assertThat(AddressPolicy.refusal(parsed)).as(parsed.toString()).isPresent();
    }

    @ParameterizedTest(name = "{0} reads as \"{1}\"")
    @CsvSource(delimiter = '|', textBlock = """
            10.0.0.5        | 10.0.0.5 is a private address (10.0.0.0/8)
            fe80::1         | fe80::1 is a link-local address (fe80::/10)
            """)
    void refusalReadsAsASentence(String address, String sentence) {
        assertThat(AddressPolicy.refusal(bytes(address)).orElseThrow()).hasToString(sentence);
    }

    /** The address's bytes, keeping IPv4-mapped IPv6 as 16 bytes (InetAddress would shorten it to 4). */
    static byte[] bytes(String address) {
        try {
            byte[] bytes = InetAddress.getByName(address).getAddress();
            return address.contains(":") && bytes.length == 4 ? AddressText.mapped(bytes) : bytes;
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(address, e);
        }
    }
}
