import { describe, expect, it } from "vitest";
import { renderRequestStatusChanged } from "./request-status-changed.ts";

const base = {
  to: "familia@test.local",
  name: "Ana Pérez",
  school: "Liceo La Condamine",
  student: "Mateo Andrade",
  schoolYear: "2025-2026",
  code: "INS-11-000042",
  link: "https://portal.test/portal/inscripciones/bienvenido",
};

describe("the status-change e-mail", () => {
  it("names the new status in the family's language, with the comment", () => {
    const es = renderRequestStatusChanged({ ...base, language: "es", status: "Accepted", comment: "¡Bienvenido!" });
    expect(es.subject).toBe("Solicitud de inscripción INS-11-000042 (Mateo Andrade): Aceptada");
    expect(es.text).toContain("Su nuevo estado es: Aceptada.");
    expect(es.text).toContain("Comentario de la secretaría:\n¡Bienvenido!");
    expect(es.text).toContain(`Ir al portal: ${base.link}`);
    const fr = renderRequestStatusChanged({ ...base, language: "fr", status: "Discontinued" });
    expect(fr.subject).toContain("Suspendue");
    expect(fr.text).not.toContain("Commentaire");
    const en = renderRequestStatusChanged({ ...base, language: "en", status: "Finished", comment: "   " });
    expect(en.text).toContain("Its new status is: Finished.");
    expect(en.text).not.toContain("Comment from");
  });

  it("gives the status's explanation, and the reason of a refusal under its own title", () => {
    const mail = renderRequestStatusChanged({
      ...base,
      language: "en",
      status: "Refused",
      explanation: "Call us <today>.",
      comment: "No place left in this level.",
    });
    expect(mail.text).toContain("Its new status is: Refused.\n\nCall us <today>.");
    expect(mail.text).toContain("Reason given by the school office:\nNo place left in this level.");
    expect(mail.html).toContain("<p>Call us &#60;today&#62;.</p>");
    const accepted = renderRequestStatusChanged({ ...base, language: "en", status: "Accepted", explanation: " " });
    expect(accepted.text).toContain("Its new status is: Accepted.\n\nGo to the portal");
  });

  it("lists the correction's message and reopened steps, escaped in HTML", () => {
    const mail = renderRequestStatusChanged({
      ...base,
      language: "en",
      status: "InProcess",
      correction: { message: "Check <the> bus\nand the phone", steps: ["terms", "schoolTransport"] },
    });
    expect(mail.subject).toBe("Enrollment of Mateo Andrade: please correct your request (INS-11-000042)");
    expect(mail.text).toContain("Message from the school office:\nCheck <the> bus\nand the phone");
    expect(mail.text).toContain("Steps to correct:\n- Terms and conditions\n- School transportation");
    expect(mail.text).toContain(`Correct the enrollment: ${base.link}`);
    expect(mail.html).toContain("Check &#60;the&#62; bus<br>and the phone");
    expect(mail.html).toContain("<li>Terms and conditions</li><li>School transportation</li>");
    expect(mail.html).not.toContain("<the>");
  });

  it("ignores a correction given with another status", () => {
    const mail = renderRequestStatusChanged({
      ...base,
      language: "en",
      status: "Accepted",
      correction: { message: "x", steps: ["terms"] },
    });
    expect(mail.text).not.toContain("Steps to correct");
  });
});
