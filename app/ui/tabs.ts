/** The look of a tab trigger in a segmented tab list (Radix Tabs). */
export const tabTriggerClass =
  "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow";
