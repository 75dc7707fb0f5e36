import { Stack } from "@mantine/core";
import { isFamilyRole } from "@portal/shared/roles";
import { useState } from "react";
import { FormErrorAlert } from "../../components/ui/form-error-alert.tsx";
import { PageLoader } from "../../components/ui/page-loader.tsx";
import { useSession } from "../../lib/session-query.ts";
import { useUnsavedChangesGuard } from "../../lib/use-unsaved-changes-guard.ts";
import { useAccount } from "./account-api.ts";
import { AccountAreaFrame } from "./account-area-frame.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { HouseholdSection } from "./household-section.tsx";
import { MfaSection } from "./mfa-section.tsx";
import { ProfileForm } from "./profile-form.tsx";

/** /portal/account/user: the signed-in user's data and password. */
export function AccountPage() {
  const account = useAccount();
  const { user } = useSession();
  const [profileDirty, setProfileDirty] = useState(false);
  const [passwordDirty, setPasswordDirty] = useState(false);
  // One guard for the page: the router allows a single active blocker.
  useUnsavedChangesGuard(profileDirty || passwordDirty);

  return (
    <AccountAreaFrame routeId="account.user">
      <Stack gap="lg">
        {account.data ? (
          <ProfileForm user={account.data} onDirtyChange={setProfileDirty} />
        ) : account.isError ? (
          <FormErrorAlert error={account.error} />
        ) : (
          <PageLoader />
        )}
        {user && isFamilyRole(user.role) ? <HouseholdSection /> : null}
        <ChangePasswordForm email={user?.email ?? ""} onDirtyChange={setPasswordDirty} />
        <MfaSection />
      </Stack>
    </AccountAreaFrame>
  );
}
