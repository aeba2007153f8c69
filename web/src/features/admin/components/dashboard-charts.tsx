import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { BarList, Chart, useChart } from '@chakra-ui/charts';
import type { BarListData } from '@chakra-ui/charts';
import type { AdminStats } from '@le/contracts';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

import { formatMonth } from '@/features/admin/utils/format';
import { formatAmountShort, formatRupiah } from '@/lib/money';

/**
 * The dashboard's charts (contract §9), in their own chunk with recharts: the money approved per month
 * over the last 12, and the members by tier. Loaded by the dashboard after its numbers.
 */

function ChartCard({ title, hint, children, testId }: { title: string; hint: string; children: React.ReactNode; testId: string }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl" h="full" data-testid={testId}>
      <Card.Header p={{ base: '4', md: '5' }} pb="2">
        <Stack gap="0.5">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {hint}
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body p={{ base: '3', md: '5' }} pt="2">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

interface RevenueTooltipProps {
  active?: boolean;
  payload?: { payload?: { month: string; amount: number } }[];
}

/** The hovered month and its amount in full Rupiah. */
function RevenueTooltip({ active, payload }: RevenueTooltipProps) {
  const item = payload?.[0]?.payload;
  if (!active || !item) return null;
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="md" px="3" py="2" shadow="md" fontSize="sm">
      <Text color="fg.muted">{formatMonth(item.month, true)}</Text>
      <Text fontWeight="semibold" color="gold.fg">
        {formatRupiah(item.amount)}
      </Text>
    </Box>
  );
}

export function RevenueChart({ revenue }: { revenue: AdminStats['revenueByMonth'] }) {
  const chart = useChart({ data: revenue, series: [{ name: 'amount', color: 'gold.solid' }] });
  const total = revenue.reduce((sum, item) => sum + item.amount, 0);
  const first = revenue[0];
  const last = revenue.at(-1);
  return (
    <ChartCard
      title="Revenue by month"
      hint={first && last ? `Approved payments in Rupiah, ${formatMonth(first.month, true)} – ${formatMonth(last.month, true)}: ${formatRupiah(total)}` : 'Approved payments in Rupiah'}
      testId="revenue-chart"
    >
      <Chart.Root chart={chart} aspectRatio="auto" h={{ base: '220px', md: '280px' }}>
        <BarChart data={chart.data} responsive style={{ width: '100%', height: '100%' }} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} accessibilityLayer>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis dataKey={chart.key('month')} axisLine={false} tickLine={false} tickFormatter={(month: string) => formatMonth(month)} interval="preserveStartEnd" minTickGap={4} />
          <YAxis axisLine={false} tickLine={false} width={72} tickFormatter={(value: number) => formatAmountShort(value)} allowDecimals={false} />
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<RevenueTooltip />} />
          {chart.series.map((item) => (
            <Bar key={item.name} dataKey={chart.key(item.name)} fill={chart.color(item.color)} radius={[4, 4, 0, 0]} isAnimationActive={false} maxBarSize={36} />
          ))}
        </BarChart>
      </Chart.Root>
      {/* The same numbers for screen readers and text search (the bars are a picture). */}
      <Box as="table" srOnly>
        <caption>Revenue by month</caption>
        <tbody>
          {revenue.map((item) => (
            <tr key={item.month}>
              <th scope="row">{formatMonth(item.month, true)}</th>
              <td>{formatRupiah(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </ChartCard>
  );
}

const TIER_ROWS = [
  { key: 'basic', label: 'Basic' },
  { key: 'pro', label: 'Pro' },
  { key: 'expert', label: 'Expert' },
  { key: 'trial', label: 'Trial' },
  { key: 'expired', label: 'Expired' },
] as const;

/** The members by tier as the stats count them: paid tiers (active), trials (running) and the expired. */
export const tierRows = (membersByTier: Record<string, number>): BarListData[] =>
  TIER_ROWS.map(({ key, label }) => ({ name: label, value: membersByTier[key] ?? 0 }));

export function TierChart({ membersByTier }: { membersByTier: Record<string, number> }) {
  const chart = useChart<BarListData>({ data: tierRows(membersByTier), series: [{ name: 'name', color: 'gold.muted' }] });
  return (
    <ChartCard title="Members by tier" hint="Active paid members, running trials and ended memberships" testId="tier-chart">
      <BarList.Root chart={chart} barSize="9">
        <BarList.Content>
          <BarList.Bar gap="1.5" />
          <BarList.Value gap="1.5" valueFormatter={(value) => String(value)} />
        </BarList.Content>
      </BarList.Root>
    </ChartCard>
  );
}

/** Both charts side by side on wide screens (revenue the wider), stacked on phones. */
export default function DashboardCharts({ stats }: { stats: Pick<AdminStats, 'revenueByMonth' | 'membersByTier'> }) {
  return (
    <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
      <Box flex="2" minW="0">
        <RevenueChart revenue={stats.revenueByMonth} />
      </Box>
      <Box flex="1" minW="0">
        <TierChart membersByTier={stats.membersByTier} />
      </Box>
    </Flex>
  );
}
