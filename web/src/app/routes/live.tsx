import { ComingSoon } from '../../components/ui/coming-soon';

export function LiveRoute() {
  return (
    <ComingSoon
      title="Live Chart"
      description="The live XAU/USD chart with the gold painting on top, for members and admins. The chart is coming soon."
      highlights={['Interval choice: 30 Menit, 1 Jam, 4 Jam', 'Light and dark chart themes', 'Sign in as a member to watch']}
    />
  );
}
