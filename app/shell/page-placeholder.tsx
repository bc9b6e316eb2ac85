/** Stand-in for screens whose feature has not been built yet. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-muted-foreground">Bu sayfa hazırlanıyor.</p>
    </section>
  );
}
