import { describe, expect, it } from "vitest";
import { accountHolderPrefill } from "./account-holder-prefill.ts";

const user = {
  firstSurname: "Vera",
  secondSurname: "Mora",
  names: "Lucía Andrea",
  email: "lucia@example.ec",
  phone: "+593 99 123 4567",
};
const empty = {
  firstName: "",
  secondName: "",
  names: "",
  email: "",
  emailConfirmation: "",
  cellPhone: "",
  cellPhoneConfirmation: "",
};

describe("accountHolderPrefill", () => {
  it("fills every empty field the account knows, confirmations included", () => {
    expect(accountHolderPrefill(empty, user)).toEqual({
      firstName: "Vera",
      secondName: "Mora",
      names: "Lucía Andrea",
      email: "lucia@example.ec",
      emailConfirmation: "lucia@example.ec",
      cellPhone: "+593 99 123 4567",
      cellPhoneConfirmation: "+593 99 123 4567",
    });
  });

  it("never replaces what the family typed, nor fills with what the account lacks", () => {
    const typed = { ...empty, names: "Lucía", email: "other@example.ec" };
    const patch = accountHolderPrefill(typed, { ...user, secondSurname: "", phone: "" });
    // The typed e-mail is not the account's: its confirmation is left for the family to type.
    expect(patch).toEqual({ firstName: "Vera" });
    const sameEmail = accountHolderPrefill({ ...empty, email: "lucia@example.ec" }, user);
    expect(sameEmail.emailConfirmation).toBe("lucia@example.ec");
  });
});
