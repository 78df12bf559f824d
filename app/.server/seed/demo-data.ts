/**
 * The demo catalogue of PRODUCT.md §5: fictional vendors, real peptide names. Over 400 lines
 * of data, not logic, kept in one file so the whole catalogue reads in one place.
 */
import type { LabTestResults } from "~/lib/forms/lab-tests";

export const DEMO_USER = { email: "demo@peptideprices.test", password: "demo-password" };
export const DEMO_ADMIN = { email: "admin@peptideprices.test", password: "admin-password" };

export const DEMO_CATEGORIES = [
  { name: "Healing & Recovery", description: "Peptides studied for tissue repair and recovery." },
  { name: "Growth Hormone", description: "Growth hormone secretagogues and releasing hormones." },
  { name: "Metabolic", description: "Peptides studied for weight and glucose metabolism." },
  { name: "Cognitive", description: "Nootropic peptides studied for focus, mood and sleep." },
  { name: "Longevity", description: "Peptides studied for ageing and cellular health." },
  { name: "Skin & Tanning", description: "Cosmetic peptides for skin, hair and pigmentation." },
] as const;

type CategoryName = (typeof DEMO_CATEGORIES)[number]["name"];

export interface DemoPeptide {
  name: string;
  category: CategoryName;
  /** Typical price per mg in USD, so every vendor's prices stay plausible. */
  usdPerMg: number;
  sizesMg: number[];
  /** Other names shops list it under and buyers search by; the scraper's matcher reads them. */
  aliases?: string[];
  description: string;
  keyBenefits: string[];
  popularOrder?: 1 | 2 | 3;
}

export const DEMO_PEPTIDES: DemoPeptide[] = [
  {
    name: "BPC-157",
    // "BCP-157": the misspelling buyers type (issue 30).
    aliases: ["Body Protection Compound-157", "BCP-157"],
    category: "Healing & Recovery",
    usdPerMg: 4.2,
    sizesMg: [5, 10],
    popularOrder: 1,
    description:
      "Body Protection Compound-157 is a 15-amino-acid fragment of a gastric protein, widely studied for tendon, ligament and gut repair.",
    keyBenefits: [
      "Studied for tendon and ligament repair",
      "Gut-lining research",
      "Stable in solution",
    ],
  },
  {
    name: "TB-500",
    aliases: ["Thymosin Beta-4", "TB4"],
    category: "Healing & Recovery",
    usdPerMg: 3.6,
    sizesMg: [5, 10],
    popularOrder: 3,
    description:
      "A synthetic fragment of Thymosin Beta-4 studied for cell migration and wound healing.",
    keyBenefits: ["Cell migration research", "Wound-healing models", "Often paired with BPC-157"],
  },
  {
    name: "GHK-Cu",
    aliases: ["Copper Peptide GHK-Cu", "GHK Copper"],
    category: "Skin & Tanning",
    usdPerMg: 0.55,
    sizesMg: [50, 100],
    description: "A copper-binding tripeptide found in human plasma, studied for skin remodelling.",
    keyBenefits: ["Collagen synthesis research", "Skin and hair models", "Copper transport"],
  },
  {
    name: "Epitalon",
    aliases: ["Epithalon", "Epithalone"],
    category: "Longevity",
    usdPerMg: 1.9,
    sizesMg: [10, 50],
    description: "A tetrapeptide studied for telomerase activity and circadian regulation.",
    keyBenefits: ["Telomere research", "Pineal gland studies", "Sleep-cycle models"],
  },
  {
    name: "Ipamorelin",
    category: "Growth Hormone",
    usdPerMg: 4.8,
    sizesMg: [2, 5, 10],
    description: "A selective growth-hormone secretagogue with little effect on cortisol.",
    keyBenefits: ["Selective GH release", "Minimal cortisol response", "Short half-life"],
  },
  {
    name: "CJC-1295",
    category: "Growth Hormone",
    usdPerMg: 6.5,
    sizesMg: [2, 5],
    description: "A GHRH analogue studied for sustained growth-hormone release.",
    keyBenefits: ["Long-acting GHRH analogue", "Studied with Ipamorelin", "Sustained GH levels"],
  },
  {
    name: "Sermorelin",
    category: "Growth Hormone",
    usdPerMg: 5.2,
    sizesMg: [2, 5],
    description: "The first 29 amino acids of GHRH, a classic research secretagogue.",
    keyBenefits: ["GHRH fragment", "Well-characterised", "Pituitary research"],
  },
  {
    name: "Tesamorelin",
    category: "Growth Hormone",
    usdPerMg: 7.4,
    sizesMg: [2, 5, 10],
    description: "A stabilised GHRH analogue studied for visceral fat reduction.",
    keyBenefits: ["Visceral fat research", "Stabilised analogue", "Clinical literature"],
  },
  {
    name: "Semaglutide",
    // Brand names buyers search by.
    aliases: ["Ozempic", "Wegovy"],
    category: "Metabolic",
    usdPerMg: 11,
    sizesMg: [2, 5, 10],
    popularOrder: 2,
    description: "A GLP-1 receptor agonist studied for appetite and glucose control.",
    keyBenefits: ["GLP-1 receptor agonist", "Appetite research", "Long half-life"],
  },
  {
    name: "Tirzepatide",
    aliases: ["Mounjaro", "Zepbound"],
    category: "Metabolic",
    usdPerMg: 9.5,
    sizesMg: [5, 10, 15],
    description: "A dual GIP and GLP-1 receptor agonist studied for metabolic health.",
    keyBenefits: ["Dual GIP/GLP-1 agonist", "Metabolic research", "Weekly dosing models"],
  },
  {
    name: "AOD-9604",
    aliases: ["AOD9604"],
    category: "Metabolic",
    usdPerMg: 8.1,
    sizesMg: [2, 5],
    description: "A modified fragment of human growth hormone studied for fat metabolism.",
    keyBenefits: ["HGH fragment 176-191", "Lipolysis research", "No IGF-1 effect"],
  },
  {
    name: "Selank",
    category: "Cognitive",
    usdPerMg: 3.9,
    sizesMg: [5, 10],
    description: "A synthetic analogue of tuftsin studied for anxiety and cognition.",
    keyBenefits: ["Anxiolytic research", "Memory models", "Immune modulation"],
  },
  {
    name: "Semax",
    category: "Cognitive",
    usdPerMg: 3.5,
    sizesMg: [5, 10],
    description: "A heptapeptide derived from ACTH, studied for neuroprotection.",
    keyBenefits: ["Neuroprotection research", "BDNF expression", "Attention models"],
  },
  {
    name: "DSIP",
    aliases: ["Delta Sleep-Inducing Peptide"],
    category: "Cognitive",
    usdPerMg: 4.4,
    sizesMg: [2, 5],
    description: "Delta sleep-inducing peptide, studied for sleep regulation.",
    keyBenefits: ["Sleep research", "Stress-response models", "Small nonapeptide"],
  },
  {
    name: "Thymosin Alpha-1",
    aliases: ["TA-1", "Thymalfasin"],
    category: "Longevity",
    usdPerMg: 6.8,
    sizesMg: [5, 10],
    description: "A thymic peptide studied for immune function.",
    keyBenefits: ["Immune research", "T-cell maturation", "Clinical history"],
  },
  {
    name: "MOTS-c",
    category: "Longevity",
    usdPerMg: 2.6,
    sizesMg: [5, 10],
    description: "A mitochondrial-derived peptide studied for metabolic homeostasis.",
    keyBenefits: ["Mitochondrial signalling", "Exercise-mimetic research", "Insulin sensitivity"],
  },
  {
    name: "Melanotan II",
    aliases: ["MT-II", "MT-2", "Melanotan 2"],
    category: "Skin & Tanning",
    usdPerMg: 2.9,
    sizesMg: [10],
    description: "A synthetic analogue of alpha-MSH studied for pigmentation.",
    keyBenefits: ["Melanogenesis research", "MC receptor agonist", "Potent analogue"],
  },
  {
    name: "PT-141",
    aliases: ["Bremelanotide"],
    category: "Skin & Tanning",
    usdPerMg: 3.8,
    sizesMg: [10],
    description: "Bremelanotide, a melanocortin agonist studied in the central nervous system.",
    keyBenefits: ["MC4R agonist", "CNS research", "Derived from Melanotan II"],
  },
  {
    name: "KPV",
    category: "Healing & Recovery",
    usdPerMg: 3.1,
    sizesMg: [5, 10],
    description: "A tripeptide fragment of alpha-MSH studied for inflammation.",
    keyBenefits: ["Anti-inflammatory research", "Gut models", "Tiny tripeptide"],
  },
  {
    name: "LL-37",
    category: "Healing & Recovery",
    usdPerMg: 7.9,
    sizesMg: [5],
    description: "A human cathelicidin antimicrobial peptide.",
    keyBenefits: ["Antimicrobial research", "Biofilm models", "Wound studies"],
  },
];

export interface DemoVendor {
  name: string;
  website: string;
  shippingCost: string;
  /** The same terms as numbers, so offer tables can show shipping and the total. */
  shippingFee: number | null;
  freeShippingThreshold: number | null;
  shipsTo: string[];
  /** As the vendor page lists them. */
  paymentMethods: string[];
  isPreferred: boolean;
  rating: number;
  /** How this vendor's prices sit against the typical price. */
  priceFactor: number;
  coupon?: {
    code: string;
    discountAmount: number;
    discountType: "percentage" | "fixed";
    /** Days from today; negative means already expired. */
    expiresInDays: number | null;
  };
}

export const DEMO_VENDORS: DemoVendor[] = [
  {
    name: "Apex Peptide Labs",
    website: "https://apex-peptide-labs.example",
    shippingCost: "Free (orders $75+)",
    shippingFee: 6.95,
    freeShippingThreshold: 75,
    shipsTo: ["US", "CA"],
    paymentMethods: ["Visa", "Mastercard", "Bitcoin"],
    isPreferred: true,
    rating: 4.7,
    priceFactor: 1.0,
    coupon: { code: "APEX10", discountAmount: 10, discountType: "percentage", expiresInDays: 90 },
  },
  {
    name: "NovaChem Research",
    website: "https://novachem-research.example",
    shippingCost: "$4.99",
    shippingFee: 4.99,
    freeShippingThreshold: null,
    shipsTo: ["US"],
    paymentMethods: ["Visa", "Mastercard", "Zelle"],
    isPreferred: false,
    rating: 4.2,
    priceFactor: 0.92,
    coupon: { code: "NOVA5", discountAmount: 5, discountType: "fixed", expiresInDays: null },
  },
  {
    name: "PureSequence",
    website: "https://puresequence.example",
    shippingCost: "Free",
    shippingFee: 0,
    freeShippingThreshold: null,
    shipsTo: ["US", "CA", "GB", "DE"],
    paymentMethods: ["Bitcoin", "Ethereum", "USDC"],
    isPreferred: true,
    rating: 4.9,
    priceFactor: 1.12,
    coupon: { code: "PURE15", discountAmount: 15, discountType: "percentage", expiresInDays: 30 },
  },
  {
    name: "Helix Source",
    website: "https://helix-source.example",
    shippingCost: "Varies",
    shippingFee: null,
    freeShippingThreshold: null,
    shipsTo: [],
    paymentMethods: ["Zelle", "Bank transfer"],
    isPreferred: false,
    rating: 3.8,
    priceFactor: 0.85,
  },
  {
    name: "Meridian Biolabs",
    website: "https://meridian-biolabs.example",
    shippingCost: "$6.50",
    shippingFee: 6.5,
    freeShippingThreshold: null,
    shipsTo: ["US", "GB"],
    paymentMethods: ["Visa", "Mastercard", "American Express", "Bitcoin"],
    isPreferred: false,
    rating: 4.4,
    priceFactor: 0.97,
    coupon: {
      code: "SPRING20",
      discountAmount: 20,
      discountType: "percentage",
      expiresInDays: -10,
    },
  },
  {
    name: "Quantum Amino Co",
    website: "https://quantum-amino.example",
    shippingCost: "$9.99",
    shippingFee: 9.99,
    freeShippingThreshold: null,
    shipsTo: ["US"],
    paymentMethods: ["Bitcoin", "Zelle"],
    isPreferred: false,
    rating: 3.5,
    priceFactor: 0.8,
  },
  {
    name: "Northwind Research Supply",
    website: "https://northwind-research.example",
    shippingCost: "Free (orders $100+)",
    shippingFee: 7.5,
    freeShippingThreshold: 100,
    shipsTo: ["US", "CA", "GB"],
    paymentMethods: ["Visa", "Mastercard", "Bank transfer"],
    isPreferred: false,
    rating: 4.1,
    priceFactor: 1.05,
    coupon: { code: "NORTH8", discountAmount: 8, discountType: "fixed", expiresInDays: 60 },
  },
  {
    name: "Vertex Peptides",
    website: "https://vertex-peptides.example",
    shippingCost: "$5.00",
    shippingFee: 5,
    freeShippingThreshold: null,
    shipsTo: ["US", "CA"],
    paymentMethods: ["Visa", "Bitcoin", "Cash App"],
    isPreferred: false,
    rating: 4.5,
    priceFactor: 1.08,
    coupon: {
      code: "VERTEX12",
      discountAmount: 12,
      discountType: "percentage",
      expiresInDays: 120,
    },
  },
];

export const DEMO_ADS = [
  {
    type: "basic" as const,
    title: "Independent third-party testing",
    description:
      "Every vendor we list publishes certificates of analysis. Compare purity before you buy.",
    linkUrl: "/catalog",
    ctaText: "Browse the catalogue",
    placement: "homepage" as const,
    size: "full" as const,
  },
  {
    type: "overlay" as const,
    title: "Save with vendor coupons",
    description: "Prices on PeptidePrices already include each vendor's current coupon.",
    linkUrl: "/compare",
    ctaText: "Compare now",
    placement: "comparison_page" as const,
    size: "half" as const,
    overlayPosition: "bottom" as const,
    overlayColor: "rgba(0,0,0,0.6)",
    textColor: "white",
    imageUrl: "/images/peptide-default.jpg",
  },
  {
    type: "basic" as const,
    title: "Get price-drop alerts",
    description: "Save a deal and we e-mail you when its price falls.",
    linkUrl: "/signup",
    ctaText: "Learn More",
    placement: "category_page" as const,
    size: "single" as const,
  },
];

/** A demo lab test (issue 23): fixed values, so the demo's prices' random stream is untouched. */
export interface DemoLabTest extends LabTestResults {
  vendor: string;
  peptide: string;
  sizeMg: number | null;
  lab: string;
  daysAgo: number;
}

/**
 * Passing, failing (purity, then mass), not measured and expired (older than 12 months) tests,
 * of vendors that sell that size in the demo, so the Tested badge shows on some offers.
 */
export const DEMO_LAB_TESTS: DemoLabTest[] = [
  {
    vendor: "Apex Peptide Labs",
    peptide: "BPC-157",
    sizeMg: 10,
    lab: "Janoshik Analytical",
    daysAgo: 40,
    batch: "APX-B157-2311",
    claimedMassMg: 10,
    measuredMassMg: 10.12,
    purityPercent: 99.3,
    endotoxin: "< 0.5 EU/mg",
    heavyMetals: "Pass",
    reportUrl: "https://reports.example.org/janoshik/apx-b157-2311.pdf",
  },
  {
    vendor: "Apex Peptide Labs",
    peptide: "BPC-157",
    sizeMg: 5,
    lab: "Janoshik Analytical",
    daysAgo: 200,
    batch: "APX-B157-0502",
    claimedMassMg: 5,
    measuredMassMg: 5.1,
    purityPercent: 98.9,
    endotoxin: null,
    heavyMetals: null,
    reportUrl: null,
  },
  {
    vendor: "Meridian Biolabs",
    peptide: "BPC-157",
    sizeMg: 10,
    lab: "Janoshik Analytical",
    daysAgo: 25,
    batch: "MB-2407",
    claimedMassMg: 10,
    measuredMassMg: 8.3,
    purityPercent: 96.4,
    endotoxin: null,
    heavyMetals: null,
    reportUrl: "https://reports.example.org/janoshik/mb-2407.pdf",
  },
  {
    vendor: "NovaChem Research",
    peptide: "TB-500",
    sizeMg: 10,
    lab: "Vanguard Laboratory",
    daysAgo: 60,
    batch: "NC-TB5-118",
    claimedMassMg: 10,
    measuredMassMg: 10.4,
    purityPercent: 99.1,
    endotoxin: "< 1 EU/mg",
    heavyMetals: null,
    reportUrl: "https://reports.example.org/vanguard/nc-tb5-118.pdf",
  },
  {
    vendor: "Helix Source",
    peptide: "TB-500",
    sizeMg: 10,
    lab: "Janoshik Analytical",
    daysAgo: 120,
    batch: "HX-0921",
    claimedMassMg: 10,
    measuredMassMg: 9.7,
    purityPercent: 98.6,
    endotoxin: null,
    heavyMetals: null,
    reportUrl: null,
  },
  {
    vendor: "Quantum Amino Co",
    peptide: "Semaglutide",
    sizeMg: 10,
    lab: "Janoshik Analytical",
    daysAgo: 90,
    batch: "QA-SEM-77",
    claimedMassMg: 10,
    measuredMassMg: 8.6,
    purityPercent: 99,
    endotoxin: null,
    heavyMetals: "Pass",
    reportUrl: "https://reports.example.org/janoshik/qa-sem-77.pdf",
  },
  {
    vendor: "NovaChem Research",
    peptide: "Semaglutide",
    sizeMg: 5,
    lab: "Janoshik Analytical",
    daysAgo: 30,
    batch: "NC-SEM-204",
    claimedMassMg: 5,
    measuredMassMg: 5.02,
    purityPercent: 99.4,
    endotoxin: null,
    heavyMetals: null,
    reportUrl: null,
  },
  {
    vendor: "Vertex Peptides",
    peptide: "Ipamorelin",
    sizeMg: 2,
    lab: "Vanguard Laboratory",
    daysAgo: 15,
    batch: "VX-IPA-3",
    claimedMassMg: 2,
    measuredMassMg: null,
    purityPercent: 99.5,
    endotoxin: null,
    heavyMetals: null,
    reportUrl: null,
  },
  {
    vendor: "PureSequence",
    peptide: "Tirzepatide",
    sizeMg: 10,
    lab: "Chromate Labs",
    daysAgo: 500,
    batch: "PS-TZ-01",
    claimedMassMg: 10,
    measuredMassMg: 10.05,
    purityPercent: 99.2,
    endotoxin: null,
    heavyMetals: null,
    reportUrl: null,
  },
];
