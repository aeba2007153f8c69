import { Box, Button, Container, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Duration, PaidTier } from '@le/contracts';
import { DURATIONS, LIMITS, PAID_TIERS, PRICES, UI_TEXT, hasActiveMembership, isInGrace } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { ButtonLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { BANK_TRANSFER } from '@/config/payment';
import { useMe } from '@/hooks/use-me';
import { errorMessage } from '@/lib/api-client';
import { fileDecodes } from '@/lib/decode-image';
import { membershipKeys } from '@/features/membership/api/keys';
import { createPayment, usePaymentHistory } from '@/features/membership/api/payments';
import { perPeriod } from '@/features/membership/utils/format';
import { formatDate } from '@/lib/dates';
import { formatRupiah } from '@/lib/money';
import { periodNote } from '@/features/membership/utils/period';
import { PaymentHistoryTable } from './payment-history-table';
import { RejectedPaymentAlert } from './rejected-payment-alert';
import { TierPlans } from './tier-plans';
import { useSessionUser, useSessionRole } from '@/lib/session-user';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
/** The payments shown under the form (the whole history is on /dashboard-member). */
const RECENT_PAYMENTS = 3;

function Section({ step, title, children }: { step: number; title: string; children: React.ReactNode }) {
  return (
    <Stack as="section" gap="4" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '6' }} aria-label={title}>
      <HStack gap="3">
        <Box boxSize="7" borderRadius="full" bg="gold.solid" color="gold.contrast" fontWeight="bold" display="grid" placeItems="center" fontSize="sm" flexShrink={0}>
          {step}
        </Box>
        <Text fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
      </HStack>
      {children}
    </Stack>
  );
}

/** /payment-membership: choose a tier and duration, transfer, upload the proof (contract §5). */
export function PaymentMembership() {
  const navigate = useNavigate();
  const role = useSessionRole();
  const storedUser = useSessionUser();
  // The dates as the server has them now (the period note depends on them); the stored copy meanwhile.
  const me = useMe();
  const user = me.data ?? storedUser;
  const queryClient = useQueryClient();
  const history = usePaymentHistory();
  const payments = history.data ?? null;
  const loadError = !payments && history.error ? errorMessage(history.error, UI_TEXT.genericError) : null;
  // Until the member picks: their current plan (a renewal is the usual payment), else Basic monthly.
  const [pickedTier, setTier] = useState<PaidTier | null>(null);
  // A next step that names a tier ("Move to Expert") opens the form on it.
  const [params] = useSearchParams();
  const linkedTier = PAID_TIERS.find((option) => option === params.get('tier')) ?? null;
  const [pickedDuration, setDuration] = useState<Duration | null>(null);
  const [proof, setProof] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!proof) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(proof);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [proof]);

  // The last file chosen: a slower check of an earlier one must not overwrite it.
  const chosen = useRef<File | null>(null);
  const choose = async (file: File | undefined) => {
    chosen.current = file ?? null;
    setFileError(null);
    setSubmitError(null);
    if (!file || !file.type.startsWith('image/')) {
      setFileError(UI_TEXT.invalidImageFile);
      return;
    }
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setFileError('Only JPEG, PNG or WebP images are accepted.');
      return;
    }
    if (file.size > LIMITS.uploadMaxBytes) {
      setFileError('The image is too large. The maximum size is 5 MB.');
      return;
    }
    // A damaged image is refused here, with Profile Settings' message, not shown broken and sent.
    const decodes = await fileDecodes(file);
    if (chosen.current !== file) return;
    if (!decodes) {
      setProof(null);
      setFileError(UI_TEXT.imageReadFailed);
      return;
    }
    setProof(file);
  };

  const submit = async () => {
    setSubmitError(null);
    if (!proof) {
      setFileError('Please upload the proof of your transfer.');
      return;
    }
    setProgress(0);
    try {
      await createPayment({ membershipTier: tier, duration, proof }, setProgress);
      // The payments changed: forget them, so that the dashboard waits for the list with this one.
      queryClient.removeQueries({ queryKey: membershipKeys.all });
      navigate(paths.dashboardMember.href);
    } catch (failure) {
      setSubmitError(errorMessage(failure, UI_TEXT.uploadFailed));
      setProgress(null);
    }
  };

  const latest = payments?.[0] ?? null;
  const subject = user && user.role !== 'admin' ? { ...user, role: user.role } : null;
  // The plan to start from: the member's own, else the one of a rejected payment being sent again.
  const basis =
    subject && PAID_TIERS.some((option) => option === subject.membershipTier?.toLowerCase())
      ? { tier: subject.membershipTier.toLowerCase(), duration: subject.duration }
      : latest?.status === 'rejected'
        ? { tier: latest.membershipTier.toLowerCase(), duration: latest.duration }
        : null;
  const tier: PaidTier = pickedTier ?? linkedTier ?? PAID_TIERS.find((option) => option === basis?.tier) ?? 'basic';
  const duration: Duration = pickedDuration ?? (basis?.duration === 'yearly' && basis.tier === tier ? 'yearly' : 'monthly');
  const price = PRICES[tier][duration];
  // "Your plan" on the comparison: the tier of a membership whose rights still run (its grace included).
  const currentTier = subject && hasActiveMembership(subject) ? (PAID_TIERS.find((option) => option === subject.membershipTier.toLowerCase()) ?? null) : null;

  let body: React.ReactNode;
  if (role === 'admin') {
    body = <FormAlert status="info" title="Admins do not need a membership." />;
  } else if (loadError) {
    body = <FormAlert status="error" title={loadError} />;
  } else if (!payments) {
    body = <PageSpinner />;
  } else if (latest?.status === 'pending') {
    body = (
      <Stack gap="4" data-testid="payment-pending">
        <FormAlert status="warning" title={UI_TEXT.paymentPending}>
          We received your proof for {latest.membershipTier.toUpperCase()} ({formatRupiah(latest.amount)} {perPeriod(latest.duration)}). An admin will check it
          soon; you can follow it on your dashboard.
        </FormAlert>
        <ButtonLink to={paths.dashboardMember.href} colorPalette="gold" alignSelf="flex-start">
          Go to my dashboard
        </ButtonLink>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="6">
        {/* In the grace the banner above every screen says when it ended and the day to pay by. */}
        {subject && hasActiveMembership(subject) && !isInGrace(subject) ? (
          <FormAlert status="info" title={`Your ${subject.membershipTier.toUpperCase()} membership runs until ${formatDate(user?.membershipEnd)}.`} />
        ) : null}
        {latest?.status === 'rejected' ? (
          <RejectedPaymentAlert
            payment={latest}
            action={
              <Button
                size="sm"
                colorPalette="gold"
                data-testid="resend-payment"
                onClick={() => {
                  formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  formRef.current?.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]')?.focus({ preventScroll: true });
                }}
              >
                {UI_TEXT.resendPayment}
              </Button>
            }
          />
        ) : null}
        <Stack gap="6" ref={formRef} id="payment-form" scrollMarginTop="24">
          <Section step={1} title="Choose your plan">
            <HStack gap="2" role="radiogroup" aria-label="Duration" bg="bg.muted" p="1" borderRadius="full" alignSelf="flex-start">
              {DURATIONS.map((option) => (
                <Button
                  key={option}
                  role="radio"
                  aria-checked={duration === option}
                  size="sm"
                  borderRadius="full"
                  variant={duration === option ? 'solid' : 'ghost'}
                  colorPalette="gold"
                  onClick={() => setDuration(option)}
                >
                  {option === 'monthly' ? 'Monthly' : 'Yearly'}
                </Button>
              ))}
            </HStack>
            <TierPlans tier={tier} duration={duration} currentTier={currentTier} onSelect={setTier} />
            <Text fontSize="sm" color="fg" bg="bg.muted" borderLeftWidth="3px" borderColor="gold.solid" borderRadius="md" px="3" py="2" data-testid="period-note">
              {periodNote(subject, tier, duration)}
            </Text>
          </Section>

          <Section step={2} title="Transfer the amount">
            <Stack gap="3" fontSize={{ base: 'sm', md: 'md' }} data-testid="bank-transfer">
              <Text color="fg.muted">Transfer exactly this amount to our account by bank transfer:</Text>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" bg="bg.muted" borderRadius="lg" p="4">
                <Stack gap="0">
                  <Text color="fg.subtle" fontSize="xs" textTransform="uppercase">Amount</Text>
                  <Text fontWeight="bold" fontSize="xl" color="gold.fg" data-testid="transfer-amount">
                    {formatRupiah(price)}
                  </Text>
                </Stack>
                <Stack gap="0">
                  <Text color="fg.subtle" fontSize="xs" textTransform="uppercase">Bank</Text>
                  <Text fontWeight="semibold">{BANK_TRANSFER.bankName}</Text>
                </Stack>
                <Stack gap="0">
                  <Text color="fg.subtle" fontSize="xs" textTransform="uppercase">Account number</Text>
                  <Text fontWeight="semibold" fontFamily="mono" letterSpacing="wide">
                    {BANK_TRANSFER.accountNumber}
                  </Text>
                </Stack>
                <Stack gap="0">
                  <Text color="fg.subtle" fontSize="xs" textTransform="uppercase">Account holder</Text>
                  <Text fontWeight="semibold">{BANK_TRANSFER.accountHolder}</Text>
                </Stack>
              </SimpleGrid>
              <Text color="fg.muted">{BANK_TRANSFER.note}</Text>
            </Stack>
          </Section>

          <Section step={3} title="Upload the transfer proof">
            <Stack gap="4">
              <Text color="fg.muted" fontSize="sm">
                A screenshot or photo of the transfer receipt (JPEG, PNG or WebP, up to 5 MB). Only you and the admins can see it.
              </Text>
              <input
                ref={inputRef}
                type="file"
                accept={ACCEPTED_TYPES.join(',')}
                hidden
                aria-label="Transfer proof"
                data-testid="proof-input"
                onChange={(event) => {
                  void choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <HStack gap="4" align="flex-start" flexWrap="wrap">
                {preview ? (
                  <Image src={preview} alt="Transfer proof preview" maxH="48" maxW="full" borderRadius="lg" borderWidth="1px" borderColor="border" data-testid="proof-preview" />
                ) : null}
                <Button variant="outline" colorPalette="gold" onClick={() => inputRef.current?.click()} disabled={progress !== null}>
                  {proof ? 'Choose another image' : 'Choose image'}
                </Button>
              </HStack>
              {fileError ? <FormAlert status="error" title={fileError} /> : null}
              {progress !== null ? <ProgressBar value={progress} /> : null}
              {submitError ? <FormAlert status="error" title={submitError} /> : null}
              <Button colorPalette="gold" size="lg" onClick={() => void submit()} loading={progress !== null} loadingText="Sending…" alignSelf={{ base: 'stretch', md: 'flex-start' }}>
                Send Payment Proof
              </Button>
            </Stack>
          </Section>
        </Stack>
        {payments.length > 0 ? (
          <Stack gap="3" as="section" aria-labelledby="your-payments">
            <HStack justify="space-between" align="baseline" gap="3">
              <Heading as="h2" size="lg" id="your-payments">
                Your latest payments
              </Heading>
              {payments.length > RECENT_PAYMENTS ? (
                <ButtonLink to={paths.dashboardMember.href} size="xs" variant="ghost" colorPalette="gold">
                  All payments
                </ButtonLink>
              ) : null}
            </HStack>
            <PaymentHistoryTable payments={payments.slice(0, RECENT_PAYMENTS)} />
          </Stack>
        ) : null}
      </Stack>
    );
  }

  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <title>Membership Payment — Lukis Emas</title>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Membership Payment
          </Heading>
          <Text color="fg.muted">Pick a plan, transfer the amount, and send us the proof. An admin validates it, usually within a day.</Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
