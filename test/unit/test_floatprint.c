/* test_floatprint.c -- jl_float_to_string: Julia 1.10's shortest float printing (show and print forms). */
#include <string.h>
#include "testutil.h"

TestSuite(floatprint, .init = jl_test_init);

static void check(double x, int bits, int flags, const char *want)
{
    jl_value_t *s = jl_float_to_string(x, bits, flags);
    cr_assert(jl_is_string(s));
    cr_assert_str_eq(jl_string_data(s), want, "value %.17g (bits %d flags %d)", x, bits, flags);
}

Test(floatprint, float64_plain_and_scientific)
{
    check(0.1, 64, 1, "0.1");
    check(0.1 + 0.2, 64, 1, "0.30000000000000004");
    check(1.0, 64, 1, "1.0");
    check(-1.5, 64, 1, "-1.5");
    check(100000.0, 64, 1, "100000.0");
    check(123456.0, 64, 1, "123456.0");
    check(1e6, 64, 1, "1.0e6");
    check(1234567.0, 64, 1, "1.234567e6");
    check(1e16, 64, 1, "1.0e16");
    check(1e-5, 64, 1, "1.0e-5");
    check(0.0001, 64, 1, "0.0001");
    check(0.00012345, 64, 1, "0.00012345");
    check(1.0 / 3.0, 64, 1, "0.3333333333333333");
    check(2.0 / 3.0, 64, 1, "0.6666666666666666");
    check(1e300 * 10, 64, 1, "1.0e301");
    check(5e-324, 64, 1, "5.0e-324");
    check(1.7976931348623157e308, 64, 1, "1.7976931348623157e308");
    check(3.14, 64, 1, "3.14");
    check(12.5, 64, 0, "12.5");
}

Test(floatprint, zeros_and_specials)
{
    check(0.0, 64, 1, "0.0");
    check(-0.0, 64, 1, "-0.0");
    check(1.0 / 0.0, 64, 1, "Inf");
    check(-1.0 / 0.0, 64, 1, "-Inf");
    check(0.0 / 0.0, 64, 1, "NaN");
    check(0.0 / 0.0, 32, 1, "NaN32");
    check(1.0 / 0.0, 32, 1, "Inf32");
    check(-1.0 / 0.0, 32, 0, "-Inf");
    check(0.0, 32, 1, "0.0f0");
}

Test(floatprint, float32_and_float16)
{
    check((double)1.5f, 32, 1, "1.5f0");
    check((double)1.5f, 32, 0, "1.5");
    check((double)0.1f, 32, 1, "0.1f0");
    check((double)0.1f, 32, 0, "0.1");
    check((double)1e-5f, 32, 1, "1.0f-5");
    check((double)1e10f, 32, 1, "1.0f10");
    check((double)3.1415927f, 32, 1, "3.1415927f0");
    check(1.5, 16, 1, "Float16(1.5)");
    check(1.5, 16, 0, "1.5");
    check(0.0999755859375, 16, 0, "0.1"); /* Float16(0.1) */
}

Test(floatprint, compact_keeps_six_digits)
{
    check(1.0 / 3.0, 64, 3, "0.333333");
    /* digits ending before the point must be the value's own integer part, else scientific (Julia's Ryu) */
    check(123456.7, 64, 3, "1.23457e5");
    check(123456.0, 64, 3, "123456.0");
    check(0.5, 64, 3, "0.5");
}
