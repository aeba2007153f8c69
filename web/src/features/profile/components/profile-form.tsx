import { Button, Field, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { COUNTRIES, EMAIL_PATTERN, LIMITS, UI_TEXT } from '@le/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { confirmEmailChange, type ProfileInput, updateProfile } from '@/features/profile/api/update-profile';

const fromUser = (user: PublicUser): ProfileInput => ({
  name: user.name,
  username: user.username,
  no_telp: user.no_telp,
  email: user.email,
  city: user.city,
  country: user.country,
  address: user.address,
});

type Errors = Partial<Record<keyof ProfileInput, string>>;

const validate = (input: ProfileInput): Errors => {
  const errors: Errors = {};
  if (input.name.trim() === '') errors.name = 'Full name is required.';
  if (!new RegExp(`^[A-Za-z0-9_.]{${LIMITS.usernameMin},${LIMITS.usernameMax}}$`).test(input.username)) {
    errors.username = `${LIMITS.usernameMin}–${LIMITS.usernameMax} letters, digits, dots or underscores.`;
  }
  if (!new RegExp(EMAIL_PATTERN).test(input.email.trim())) errors.email = 'Enter a valid email address.';
  if (!/^[0-9+()\-\s]*$/.test(input.no_telp)) errors.no_telp = 'Digits, spaces, +, - and brackets only.';
  return errors;
};

/** Spec §2 Profile Settings form: the text fields, saved with PUT /auth/update-profile. */
export function ProfileForm({ user, onSaved }: { user: PublicUser; onSaved: (user: PublicUser) => void }) {
  const [values, setValues] = useState<ProfileInput>(() => fromUser(user));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [codeResult, setCodeResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);

  const set = (key: keyof ProfileInput) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const found = validate(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const response = await updateProfile({ ...values, email: values.email.trim() });
      onSaved(response.user);
      setResult({ status: 'success', text: UI_TEXT.profileUpdated });
      if (response.pendingEmail) {
        setPendingEmail(response.pendingEmail);
        setCodeResult(null);
        setCode('');
      } else {
        setPendingEmail(null);
      }
      // The email field keeps the address being confirmed; the others show what was saved.
      setValues({ ...fromUser(response.user), email: response.pendingEmail ?? response.user.email });
    } catch (failure) {
      setResult({ status: 'error', text: errorMessage(failure, UI_TEXT.updateProfileFailed) });
    } finally {
      setSaving(false);
    }
  };

  const confirm = async () => {
    setCodeResult(null);
    if (!/^\d{6}$/.test(code)) {
      setCodeResult({ status: 'error', text: 'Enter the 6-digit code from the email.' });
      return;
    }
    setConfirming(true);
    try {
      const response = await confirmEmailChange(code);
      onSaved(response.user);
      setPendingEmail(null);
      setValues((current) => ({ ...current, email: response.user.email }));
      setCodeResult({ status: 'success', text: response.message });
    } catch (failure) {
      setCodeResult({ status: 'error', text: errorMessage(failure, UI_TEXT.updateProfileFailed) });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Profile settings">
      <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField name="name" label="Full name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} maxLength={LIMITS.nameMax} />
        <FormField name="username" label="Nickname" autoComplete="username" value={values.username} onChange={(e) => set('username')(e.target.value)} error={errors.username} maxLength={LIMITS.usernameMax} />
        <FormField name="no_telp" label="Phone number" type="tel" autoComplete="tel" placeholder="+62 812 3456 7890" value={values.no_telp} onChange={(e) => set('no_telp')(e.target.value)} error={errors.no_telp} maxLength={30} />
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
          error={errors.email}
          helperText={pendingEmail ? `Waiting for the code sent to ${pendingEmail}.` : 'A new email is confirmed with a code sent to it.'}
        />
        <FormField name="city" label="City" autoComplete="address-level2" value={values.city} onChange={(e) => set('city')(e.target.value)} maxLength={100} />
        <Field.Root id="country">
          <Field.Label fontWeight="medium">Country</Field.Label>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field name="country" value={values.country} onChange={(e) => set('country')(e.target.value)} bg="bg.muted" borderColor="border">
              <option value="">— Not set —</option>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Field.Root id="address">
        <Field.Label fontWeight="medium">Address</Field.Label>
        <Textarea name="address" value={values.address} onChange={(e) => set('address')(e.target.value)} rows={3} maxLength={500} bg="bg.muted" borderColor="border" autoComplete="street-address" />
      </Field.Root>
      {result ? <FormAlert status={result.status} title={result.text} /> : null}
      {pendingEmail ? (
        <Stack gap="3" bg="bg.subtle" borderWidth="1px" borderColor="gold.muted" borderRadius="lg" p="4" data-testid="email-code">
          <FormField
            name="email-code"
            label={`Code sent to ${pendingEmail}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.resetCodeLength}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            helperText="Your email changes once you enter this code. Until then you sign in with the old one."
          />
          {codeResult ? <FormAlert status={codeResult.status} title={codeResult.text} /> : null}
          <Button alignSelf="flex-start" colorPalette="gold" variant="outline" onClick={() => void confirm()} loading={confirming}>
            Confirm new email
          </Button>
        </Stack>
      ) : codeResult ? (
        <FormAlert status={codeResult.status} title={codeResult.text} />
      ) : null}
      <Button type="submit" colorPalette="gold" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }} loading={saving} loadingText="Saving…">
        Save Changes
      </Button>
      </Stack>
    </form>
  );
}
