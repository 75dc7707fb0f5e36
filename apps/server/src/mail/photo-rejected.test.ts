import { describe, expect, it } from "vitest";
import { renderPhotoRejected } from "./photo-rejected.ts";

const base = {
  to: "familia@test.local",
  name: "Ana Pérez",
  school: "Liceo La Condamine",
  student: "Mateo Andrade",
  schoolYear: "2025-2026",
  code: "INS-11-000042",
  link: "https://portal.test/portal/inscripciones/bienvenido",
};

describe("the photo-rejected e-mail", () => {
  it("gives the reason and the way to send a new photo, in the family's language", () => {
    const es = renderPhotoRejected({ ...base, language: "es", reason: "No se ve la cara." });
    expect(es.subject).toBe("Inscripción de Mateo Andrade: envíe una nueva foto (INS-11-000042)");
    expect(es.text).toContain("Motivo indicado por la secretaría:\nNo se ve la cara.");
    expect(es.text).toContain(`Enviar una nueva foto: ${base.link}`);
    const en = renderPhotoRejected({ ...base, language: "en", reason: "  Blurry  " });
    expect(en.subject).toBe("Enrollment of Mateo Andrade: please send a new photo (INS-11-000042)");
    expect(en.text).toContain("Reason given by the school office:\nBlurry\n");
    expect(en.text).toContain("Dear Ana Pérez,");
    const fr = renderPhotoRejected({ ...base, language: "fr", reason: "Floue" });
    expect(fr.subject).toContain("nouvelle photo");
    expect(fr.text).toContain("Motif indiqué par le secrétariat\u202f:\nFloue");
  });

  it("escapes the reason in HTML and keeps its lines", () => {
    const mail = renderPhotoRejected({ ...base, language: "en", reason: "Too <dark>\nand blurry" });
    expect(mail.html).toContain("Too &#60;dark&#62;<br>and blurry");
    expect(mail.html).not.toContain("<dark>");
    expect(mail.html).toContain(`<a href="${base.link}">Send a new photo</a>`);
  });
});
