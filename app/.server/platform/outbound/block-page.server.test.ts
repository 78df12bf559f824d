import { describe, expect, it } from "vitest";

import { blockPageEvidence } from "./block-page.server";

const html = { "content-type": "text/html; charset=UTF-8" };

/** Block pages as Cloudflare, Akamai and the CAPTCHA vendors serve them. */
const CLOUDFLARE_CHALLENGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<h1 class="zone-name-title h1">shop.example</h1><h2>Checking if the site connection is secure</h2>
<noscript>Enable JavaScript and cookies to continue</noscript></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "shop.example",cType: 'managed'};}());</script>
</body></html>`;

const AKAMAI_DENIED = `<HTML><HEAD>
</HEAD><BODY>
<H1>Access Denied</H1>
You don't have permission to access "http&#58;&#47;&#47;shop&#46;example&#47;product&#47;bpc&#45;157&#47;" on this server.<P>
Reference&#32;&#35;18&#46;6f1c1702&#46;1700000000&#46;1a2b3c4d
</BODY>
</HTML>`;

const DATADOME = `<html><head><title>shop.example</title><style>#cmsg{animation: A 1.5s;}</style></head>
<body style="margin:0"><p id="cmsg">Please enable JS and disable any ad blocker</p>
<script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA','hsh':'2211F522','t':'fe','s':45583,'host':'geo.captcha-delivery.com'}</script>
<script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script></body></html>`;

const RECAPTCHA = `<html><head><title>Security check</title></head><body>
<h1>Please verify you are a human</h1><form><div class="g-recaptcha" data-sitekey="x"></div></form>
<script src="https://www.google.com/recaptcha/api.js"></script></body></html>`;

const AGE_WALL = `<html><head><title>Welcome</title></head><body>
<div class="age-gate"><h2>Age verification</h2><p>You must be 21 or older to enter this site.</p>
<button>I am 21 or older</button><button>Leave</button></div></body></html>`;

const CONSENT_WALL = `<html><head><title>Before you continue</title></head><body>
<h1>Before you continue</h1><p>We use cookies and data to deliver and maintain our services.</p>
<button>Reject all</button><button>Accept all</button></body></html>`;

describe("blockPageEvidence", () => {
  it("recognises Cloudflare's 403 challenge by its headers, __cf_bm cookie and page", () => {
    const evidence = blockPageEvidence(
      403,
      {
        ...html,
        server: "cloudflare",
        "cf-ray": "8a1b2c3d4e5f6789-AMS",
        "cf-mitigated": "challenge",
        "set-cookie": ["__cf_bm=abc.def; path=/; expires=Fri, 27-Nov-26 21:00:00 GMT; HttpOnly"],
      },
      CLOUDFLARE_CHALLENGE,
    );
    expect(evidence).toContain("Cloudflare answered HTTP 403");
    expect(evidence).toContain("a __cf_bm cookie");
    expect(evidence).toContain("cf-ray 8a1b2c3d4e5f6789-AMS");
  });

  it("recognises Akamai's Access Denied page answered with 200 and no title", () => {
    expect(blockPageEvidence(200, { ...html, server: "AkamaiGHost" }, AKAMAI_DENIED)).toMatch(
      /^Akamai answered HTTP 200 with "Access Denied".*and no title$/,
    );
  });

  it("recognises CAPTCHA pages answered with 200", () => {
    expect(blockPageEvidence(200, html, DATADOME)).toBe("a DataDome CAPTCHA page (HTTP 200)");
    expect(blockPageEvidence(200, html, RECAPTCHA)).toBe("a reCAPTCHA page (HTTP 200)");
  });

  it("recognises age and consent walls", () => {
    expect(blockPageEvidence(200, html, AGE_WALL)).toMatch(
      /^an age wall \("Welcome Age verification/,
    );
    expect(blockPageEvidence(200, html, CONSENT_WALL)).toMatch(/^a consent wall/);
  });

  it("reads on for shop pages that carry a CAPTCHA form, a cookie banner or Cloudflare's scripts", () => {
    const product = `<html><head><title>BPC-157 10mg</title>
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"BPC-157 10mg","offers":{"@type":"Offer","price":"45.00","priceCurrency":"USD"}}</script>
      <script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></head>
      <body><h1>BPC-157 10mg</h1><p class="price">$45.00</p><div class="cookie-banner">We use cookies. Accept all cookies</div>
      <form class="review"><div class="g-recaptcha"></div></form></body></html>`;
    expect(
      blockPageEvidence(200, { ...html, server: "cloudflare", "cf-ray": "1-AMS" }, product),
    ).toBeNull();
    const shopPage = `<html><head><title>Shop</title></head><body><div class="p"><h2>Semax 10mg</h2><span>$36.00</span></div>
      <footer>We use cookies to improve your experience.</footer></body></html>`;
    expect(blockPageEvidence(200, html, shopPage)).toBeNull();
  });

  it("judges JSON feeds by status and headers only", () => {
    expect(
      blockPageEvidence(
        200,
        { "content-type": "application/json" },
        '[{"name":"Age verification"}]',
      ),
    ).toBeNull();
    expect(
      blockPageEvidence(
        403,
        { "content-type": "application/json", server: "cloudflare", "cf-ray": "1" },
        "{}",
      ),
    ).toContain("Cloudflare answered HTTP 403");
  });
});
