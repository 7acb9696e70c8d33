# dates.jl -- the Dates stdlib: construction, Rata Die values, accessors, calendar arithmetic with
# month-end clamping, adjusters, formatting and parsing, ISO printing, ranges, periods.
using Test
using Dates

@testset "construction and values" begin
    d = Date(2012, 2, 13)
    @test Dates.value(Date(1, 1, 1)) == 1
    @test Dates.value(Date(2020, 1, 1)) == 737425
    @test Dates.value(DateTime(1970)) == 62135683200000
    @test Date("2012-02-13") == d
    @test DateTime("2012-02-13T11:00:00") == DateTime(2012, 2, 13, 11)
    @test DateTime("2012-02-13T11:00:00.25") == DateTime(2012, 2, 13, 11, 0, 0, 250)
    @test Date(DateTime(2012, 2, 13, 23, 59)) == d
    @test DateTime(d) == DateTime(2012, 2, 13)
    @test Date(2020) == Date(2020, 1, 1)
    @test_throws ArgumentError Date(2020, 13, 1)
    @test_throws ArgumentError Date(2021, 2, 29)
    @test_throws ArgumentError DateTime(2020, 1, 1, 24)
    @test Date(2020, 2, 29) < Date(2020, 3, 1) && Date(2020, 3, 1) == DateTime(2020, 3, 1)
    @test Dates.unix2datetime(0) == DateTime(1970) && Dates.datetime2unix(DateTime(1970, 1, 2)) == 86400.0
    @test now() isa DateTime && today() isa Date && today() == Date(now())
    @test abs(Dates.datetime2unix(now(Dates.UTC)) - time()) < 5
end

@testset "printing" begin
    @test string(Date(2012, 2, 13)) == "2012-02-13"
    @test repr(Date(2012, 2, 13)) == "Date(\"2012-02-13\")"
    @test string(DateTime(2012, 2, 13, 11, 0, 5)) == "2012-02-13T11:00:05"
    @test string(DateTime(2013, 7, 1, 12, 30, 59, 500)) == "2013-07-01T12:30:59.500"
    @test repr(DateTime(2012, 2, 13, 11)) == "DateTime(\"2012-02-13T11:00:00\")"
    @test string(Date(33, 1, 1)) == "0033-01-01"
    @test string(Time(12, 30)) == "12:30:00" && repr(Time(12, 30)) == "Time(12, 30)"
    @test string(Time(1, 2, 3, 400)) == "01:02:03.4"
    @test sprint(show, MIME("text/plain"), Date(2020, 5, 6)) == "2020-05-06"
    @test string(Day(1)) == "1 day" && string(Day(2)) == "2 days" && repr(Day(2)) == "Day(2)"
    @test string(Month(-1)) == "-1 month"
end

@testset "accessors and adjusters" begin
    d = Date(2012, 2, 13)
    @test (year(d), month(d), day(d)) == (2012, 2, 13)
    @test yearmonthday(d) == (2012, 2, 13)
    @test dayofweek(d) == 1 && dayname(d) == "Monday" && dayabbr(d) == "Mon"
    @test monthname(d) == "February" && monthabbr(d) == "Feb"
    @test daysinmonth(d) == 29 && daysinmonth(2021, 2) == 28 && isleapyear(d) && !isleapyear(1900)
    @test isleapyear(2000)
    @test dayofyear(Date(2020, 3, 1)) == 61 && dayofyear(Date(2021, 12, 31)) == 365
    @test firstdayofmonth(d) == Date(2012, 2, 1) && lastdayofmonth(d) == Date(2012, 2, 29)
    @test firstdayofweek(Date(2012, 2, 16)) == d && lastdayofweek(d) == Date(2012, 2, 19)
    @test firstdayofyear(d) == Date(2012) && lastdayofyear(d) == Date(2012, 12, 31)
    dt = DateTime(2020, 5, 6, 7, 8, 9, 10)
    @test (hour(dt), minute(dt), second(dt), millisecond(dt)) == (7, 8, 9, 10)
    @test firstdayofmonth(dt) == DateTime(2020, 5, 1)
    @test quarterofyear(dt) == 2
    @test tonext(d, Dates.Friday) == Date(2012, 2, 17) && toprev(d, Dates.Monday) == Date(2012, 2, 6)
    @test Dates.week(Date(2020, 1, 1)) == 1 && Dates.week(Date(2021, 1, 1)) == 53
end

@testset "arithmetic" begin
    @test Date(2020, 1, 31) + Month(1) == Date(2020, 2, 29)   # clamped to the month's end
    @test Date(2020, 2, 29) + Year(1) == Date(2021, 2, 28)
    @test Date(2020, 12, 31) + Day(1) == Date(2021, 1, 1)
    @test Date(2020, 3, 31) - Month(1) == Date(2020, 2, 29)
    @test Date(2020, 1, 1) - Month(13) == Date(2018, 12, 1)
    @test Date(2020, 1, 1) + Week(2) == Date(2020, 1, 15)
    @test Date(2020, 3, 1) - Date(2020, 1, 1) == Day(60)
    @test DateTime(2020, 1, 2) - DateTime(2020, 1, 1) == Millisecond(86400000)
    @test DateTime(2020, 1, 1, 23) + Hour(2) == DateTime(2020, 1, 2, 1)
    @test DateTime(2020, 1, 31, 12) + Month(1) == DateTime(2020, 2, 29, 12)
    @test Time(23, 0) + Hour(2) == Time(1, 0)
    @test Day(3) + Day(4) == Day(7) && Day(2) * 3 == Day(6) && Week(1) == Day(7)
    @test Hour(Day(2)) == Hour(48) && Month(Year(2)) == Month(24)
    @test_throws InexactError Day(Hour(5))
    @test Day(1) < Week(1) && Minute(1) > Second(59)
    @test string(Day(1) + Hour(2)) == "1 day, 2 hours"
    @test string(canonicalize(Dates.CompoundPeriod(Minute(90), Second(4000)))) == "2 hours, 36 minutes, 40 seconds"
end

@testset "formats" begin
    @test Dates.format(DateTime(2020, 5, 6, 7, 8, 9), "yyyy-mm-dd HH:MM") == "2020-05-06 07:08"
    @test Dates.format(Date(2012, 2, 13), "e, d U yyyy") == "Mon, 13 February 2012"
    @test Dates.format(Date(2012, 2, 3), "dd/mm/yy") == "03/02/12"
    @test Dates.format(Date(2012, 2, 3), "u d, yyyy") == "Feb 3, 2012"
    @test Dates.format(DateTime(2012, 2, 3, 4, 5, 6, 7), "HH:MM:SS.sss") == "04:05:06.007"
    @test Date("03/04/2021", "dd/mm/yyyy") == Date(2021, 4, 3)
    @test DateTime("20200102 030405", "yyyymmdd HHMMSS") == DateTime(2020, 1, 2, 3, 4, 5)
    @test Date("Feb 3 2012", dateformat"u d yyyy") == Date(2012, 2, 3)
    df = DateFormat("yyyy-mm-dd")
    @test Date("2020-07-04", df) == Date(2020, 7, 4) && repr(df) == "dateformat\"yyyy-mm-dd\""
    @test_throws ArgumentError Date("2020/07/04", df)
    @test tryparse(Date, "xyz") === nothing && parse(Date, "2020-01-02") == Date(2020, 1, 2)
    @test Time("12:34:56") == Time(12, 34, 56)
end

@testset "ranges" begin
    r = Date(2020):Day(1):Date(2020, 1, 5)
    @test length(r) == 5 && first(r) == Date(2020) && last(r) == Date(2020, 1, 5)
    @test collect(r)[3] == Date(2020, 1, 3)
    @test length(Date(2020):Date(2020, 12, 31)) == 366
    @test collect(Date(2021, 1, 31):Month(1):Date(2021, 5, 1)) ==
        [Date(2021, 1, 31), Date(2021, 2, 28), Date(2021, 3, 31), Date(2021, 4, 30)]
    @test length(Date(2020):Week(1):Date(2020, 1, 31)) == 5
    @test isempty(Date(2020, 2):Day(1):Date(2020, 1))
    @test repr(r) == "Date(\"2020-01-01\"):Day(1):Date(\"2020-01-05\")"
end

@testset "rounding" begin
    dt = DateTime(2020, 5, 6, 7, 38, 9, 500)
    @test trunc(dt, Hour) == DateTime(2020, 5, 6, 7)
    @test trunc(dt, Month) == DateTime(2020, 5)
    @test trunc(Date(2020, 5, 6), Year) == Date(2020)
    @test floor(dt, Hour) == DateTime(2020, 5, 6, 7)
    @test ceil(dt, Hour) == DateTime(2020, 5, 6, 8)
    @test round(dt, Minute(15)) == DateTime(2020, 5, 6, 7, 45)
    @test round(DateTime(2016, 8, 6, 12, 0, 0), Day) == DateTime(2016, 8, 7)
    @test floor(Date(1985, 8, 16), Month) == Date(1985, 8, 1)
    @test ceil(DateTime(2013, 2, 13, 0, 31, 20), Minute(15)) == DateTime(2013, 2, 13, 0, 45)
    @test floor(Date(2020, 5, 6), Week) == Date(2020, 5, 4)
    @test ceil(Date(2020, 5, 1), Month) == Date(2020, 5, 1)
    @test floor(Date(2020, 5, 6), Year(10)) == Date(2020)
    @test string(round(dt, Hour)) == "2020-05-06T08:00:00"
    @test_throws DomainError floor(dt, Hour(0))
end
