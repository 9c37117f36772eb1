package dev.flowrun.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MaskedUrlTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            https://hooks.example.com/flowrun                    | https://hooks.example.com/flowrun
            https://hooks.example.com/f?token=s3cret             | https://hooks.example.com/f?token=***
            https://hooks.example.com/f?a=1&b=2&flag             | https://hooks.example.com/f?a=***&b=***&***
            https://user:pw@hooks.example.com/f?x=y#frag         | https://***@hooks.example.com/f?x=***
            https://hooks.example.com/f#section                  | https://hooks.example.com/f
            """)
    void masksQueryValuesAndUserInfo(String url, String shown) {
        assertThat(MaskedUrl.of(url)).isEqualTo(shown);
    }
}
