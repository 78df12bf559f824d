export default function Placeholder() {
  return <main className="container mx-auto px-4 py-8">Coming soon</main>;
}
