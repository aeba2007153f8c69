import { HomePage } from '@/features/home/components/home-page';

export function HomeRoute() {
  return (
    <>
      <title>Lukis Emas — Live Gold Price Painting</title>
      <HomePage />
    </>
  );
}
