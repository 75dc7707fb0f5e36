/**
 * Frequently breached passwords of 8+ characters (shorter ones fail the length rule anyway),
 * including Spanish and French favourites. Compared lower-cased. Patterns (one repeated
 * character, straight sequences) are refused by `isCommonPassword` without being listed.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd", "p@ssword",
  "12345678", "123456789", "1234567890", "0123456789", "87654321", "987654321", "9876543210", "11223344",
  "12341234", "12344321", "12121212", "123123123", "123321123", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "1qazxsw2",
  "zaq12wsx", "qwerty12", "qwerty123", "qwerty1234", "qwertyui", "qwertyuiop", "asdfghjk", "asdfghjkl", "zxcvbnm1",
  "azertyui", "azertyuiop", "azerty12", "azerty123", "qwertzui", "iloveyou", "iloveyou1", "iloveyou2", "sunshine",
  "sunshine1", "princess", "princess1", "football", "football1", "baseball", "basketball", "superman", "batman123",
  "trustno1", "welcome1", "welcome123", "whatever", "starwars", "computer", "internet", "letmein1", "letmein123",
  "master123", "mustang1", "michelle", "jennifer", "jordan23", "charlie1", "danielle", "access14", "shadow12",
  "monkey123", "dragon123", "freedom1", "hello123", "hello1234", "helloworld", "loveyou1", "lovely12", "abc12345",
  "abcd1234", "abcdefgh", "abcdef123", "a1b2c3d4", "aa123456", "qazwsxedc", "q1w2e3r4", "q1w2e3r4t5", "1234qwer",
  "123qweasd", "qweasdzxc", "passpass", "changeme", "changeme1", "administrator", "admin123", "admin1234",
  "adminadmin", "root1234", "secret123", "testtest", "test1234", "test12345", "guest123", "default1", "letmein!",
  "football123", "soccer123", "samsung1", "iphone123", "google123", "facebook", "facebook1", "linkedin", "pokemon1",
  "minecraft", "chocolate", "butterfly", "blink182", "liverpool", "chelsea1", "arsenal1", "barcelona", "realmadrid",
  "manchester", "juventus", "1111111111", "999999999", "qwerty11", "asdf1234", "zxcv1234", "p4ssword", "pa55word",
  "contraseña", "contrasena", "contraseña1", "contrasena1", "contraseña123", "contrasena123", "teamo123", "teamomucho",
  "tequiero", "tequiero1", "mariposa", "princesa", "princesa1", "corazon1", "ecuador1", "ecuador123", "quito123",
  "guayaquil", "barcelonasc", "emelec123", "liga1234", "colegio1", "colegio123", "escuela1", "familia1", "familia123",
  "estrella", "chiquita", "angelito", "america1", "argentina", "colombia", "mexico123", "español1", "espana123",
  "madrid123", "motdepasse", "motdepasse1", "motdepasse123", "jetaime1", "jetaime123", "soleil123", "bonjour1",
  "bonjour123", "doudou123", "chouchou", "loulou123", "marseille", "olympique", "france123", "paris123", "nicolas1",
  "camille1", "ecole123", "lycee123", "azerty1234", "1234azer", "azer1234", "portail1", "portal123", "school123",
  "student1", "teacher1", "welcome2025", "welcome2026", "password2024", "password2025", "password2026",
];

const SEQUENCES = ["0123456789", "9876543210", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop", "azertyuiop", "asdfghjkl"];

/** True for a listed password, one character repeated, or a run of a keyboard or alphabet sequence. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.includes(lower)) return true;
  if (/^(.)\1+$/.test(lower)) return true;
  return SEQUENCES.some((seq) => seq.includes(lower) || `${seq}${seq}`.includes(lower));
}
