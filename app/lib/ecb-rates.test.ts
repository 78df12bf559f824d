import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { EcbRatesError, parseEcbDailyRates } from "./ecb-rates";

const fixture = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../tests/fixtures/ecb/eurofxref-daily.xml"),
  "utf8",
);

describe("parseEcbDailyRates", () => {
  it("reads the reference day and crosses every rate through the dollar", () => {
    const { date, rates } = parseEcbDailyRates(fixture);
    expect(date).toBe("2026-11-20");
    // 30 listed currencies: the dollar leaves, the euro joins.
    expect(Object.keys(rates)).toHaveLength(30);
    expect(rates.USD).toBeUndefined();
    expect(rates.EUR).toBeCloseTo(1 / 1.1612, 10);
    expect(rates.GBP).toBeCloseTo(0.88305 / 1.1612, 10);
    expect(rates.JPY).toBeCloseTo(180.42 / 1.1612, 10);
    expect(rates.IDR).toBeCloseTo(19398.1 / 1.1612, 6);
  });

  it("accepts double quotes, a namespace prefix on Cube and untidy whitespace", () => {
    const xml = `<?xml version="1.0"?>
      <gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"
          xmlns:ecb="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
        <ecb:Cube><ecb:Cube   time = "2026-01-02" >
          <ecb:Cube
            currency = "USD"   rate="  1.25 " />
          <ecb:Cube currency="CHF" rate="0.9375"></ecb:Cube>
        </ecb:Cube></ecb:Cube>
      </gesmes:Envelope>`;
    expect(parseEcbDailyRates(xml)).toEqual({
      date: "2026-01-02",
      rates: { EUR: 0.8, CHF: 0.75 },
    });
  });

  it("skips entries that are not a currency with a positive rate", () => {
    const xml = `<Cube><Cube time="2026-01-02">
      <Cube currency="USD" rate="2"/><Cube currency="SEK" rate="n/a"/>
      <Cube currency="NOK" rate="-3"/><Cube currency="EURO" rate="1"/><Cube currency="DKK" rate="8"/>
    </Cube></Cube>`;
    expect(parseEcbDailyRates(xml).rates).toEqual({ EUR: 0.5, DKK: 4 });
  });

  it("refuses a file without a US dollar rate", () => {
    const withoutDollar = fixture.replace(/<Cube currency='USD'[^>]*>/, "");
    expect(() => parseEcbDailyRates(withoutDollar)).toThrow(EcbRatesError);
    expect(() => parseEcbDailyRates(withoutDollar)).toThrow("no US dollar rate");
    expect(() => parseEcbDailyRates("<html>Service unavailable</html>")).toThrow(EcbRatesError);
  });

  it("refuses a file without a reference day", () => {
    expect(() => parseEcbDailyRates(`<Cube><Cube currency="USD" rate="1.1"/></Cube>`)).toThrow(
      "no reference date",
    );
  });
});
