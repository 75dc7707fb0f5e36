import type { SigningSummary } from "@portal/shared/schemas/signing";
import { describe, expect, it } from "vitest";
import { signingStage } from "./signing-stage.ts";

const doc = (documentId: number, status: SigningSummary[number]["status"]) => ({
  documentId,
  key: documentId === 1 ? "contract" : "imageConsent",
  title: documentId === 1 ? "Contrato" : "Consentimiento",
  status,
});

describe("a request's online signing stage on the documents list", () => {
  it("waits for the family while a document lacks a signature, then for the school, then is complete", () => {
    expect(signingStage([doc(1, "pending"), doc(2, "awaitingSchool")])).toBe("pending");
    expect(signingStage([doc(1, "complete"), doc(2, "awaitingSchool")])).toBe("awaitingSchool");
    expect(signingStage([doc(1, "complete"), doc(2, "complete")])).toBe("complete");
  });

  it("says nothing before the signing was first read, nor for a withdrawn request", () => {
    expect(signingStage([])).toBeNull();
    expect(signingStage([doc(1, "void"), doc(2, "void")])).toBeNull();
  });
});
