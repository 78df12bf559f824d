export const FILTER_TYPE_LABELS: Record<string, string> = {
  checkbox: "Checkbox",
  range: "Range slider",
  radio: "Radio button",
  select: "Drop-down list",
};

export const FILTER_FIELD_LABELS: Record<string, string> = {
  size: "Vial size",
  vendor: "Vendor",
  price: "Price",
  rating: "Customer rating",
};
