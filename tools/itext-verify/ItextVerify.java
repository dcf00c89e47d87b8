import com.itextpdf.text.pdf.AcroFields;
import com.itextpdf.text.pdf.PdfArray;
import com.itextpdf.text.pdf.PdfDictionary;
import com.itextpdf.text.pdf.PdfName;
import com.itextpdf.text.pdf.PdfReader;
import com.itextpdf.text.pdf.security.LtvVerification;
import com.itextpdf.text.pdf.security.LtvVerifier;
import com.itextpdf.text.pdf.security.PdfPKCS7;
import com.itextpdf.text.pdf.security.VerificationOK;
import java.io.FileInputStream;
import java.security.KeyStore;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.text.SimpleDateFormat;
import java.util.List;
import java.util.TimeZone;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * An independent reader of the PDFs Origem seals (issue 37): Debian's iText 5 (libitext5-java) with BouncyCastle.
 * Prints, one line each, every signature and document timestamp (revision, whole-document coverage, integrity,
 * timestamp date and imprint), the DSS (certificates, OCSP answers, CRLs) and the verdict of iText's LtvVerifier
 * (offline: only what the PDF carries, the trust list as its root store). Exits 0 only when all of it holds.
 *
 * Run as a single-file source program: java -cp itext5.jar:bcprov.jar:bcpkix.jar:bcutil.jar ItextVerify.java
 * document.pdf trust.pem
 */
public class ItextVerify {
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("uso: ItextVerify documento.pdf confianca.pem");
      System.exit(2);
    }
    Security.addProvider(new BouncyCastleProvider());
    SimpleDateFormat iso = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss'Z'");
    iso.setTimeZone(TimeZone.getTimeZone("UTC"));
    boolean valid = true;

    PdfReader reader = new PdfReader(args[0]);
    AcroFields fields = reader.getAcroFields();
    List<String> names = fields.getSignatureNames();
    if (names.isEmpty()) valid = false;
    for (String name : names) {
      PdfPKCS7 pkcs7 = fields.verifySignature(name, "BC");
      boolean integrity = pkcs7.verify();
      valid &= integrity;
      StringBuilder line = new StringBuilder(pkcs7.isTsp() ? "DOCTIMESTAMP" : "SIGNATURE");
      line.append(" name=").append(name.replace(' ', '_'));
      line.append(" revision=").append(fields.getRevision(name)).append('/').append(fields.getTotalRevisions());
      line.append(" wholeDocument=").append(fields.signatureCoversWholeDocument(name));
      line.append(" integrity=").append(integrity);
      line.append(" filter=").append(pkcs7.getFilterSubtype());
      X509Certificate signer = pkcs7.getSigningCertificate();
      line.append(" signer=\"").append(signer.getSubjectX500Principal().getName()).append('"');
      if (pkcs7.getTimeStampDate() != null) {
        boolean imprint = pkcs7.isTsp() || pkcs7.verifyTimestampImprint();
        valid &= imprint;
        line.append(" timestamp=").append(iso.format(pkcs7.getTimeStampDate().getTime()));
        line.append(" imprint=").append(imprint);
      }
      System.out.println(line);
    }

    PdfDictionary dss = reader.getCatalog().getAsDict(PdfName.DSS);
    if (dss == null) {
      System.out.println("DSS none");
      valid = false;
    } else {
      System.out.println("DSS certs=" + size(dss.getAsArray(PdfName.CERTS)) + " ocsps=" + size(dss.getAsArray(PdfName.OCSPS))
          + " crls=" + size(dss.getAsArray(PdfName.CRLS)));
    }

    KeyStore roots = KeyStore.getInstance(KeyStore.getDefaultType());
    roots.load(null, null);
    CertificateFactory factory = CertificateFactory.getInstance("X.509");
    int n = 0;
    try (FileInputStream in = new FileInputStream(args[1])) {
      for (Certificate c : factory.generateCertificates(in)) roots.setCertificateEntry("trust" + n++, c);
    }
    try {
      LtvVerifier verifier = new LtvVerifier(reader);
      verifier.setCertificateOption(LtvVerification.CertificateOption.WHOLE_CHAIN);
      verifier.setRootStore(roots);
      verifier.setOnlineCheckingAllowed(false);
      verifier.setVerifyRootCertificate(false);
      List<VerificationOK> checks = verifier.verify(null);
      for (VerificationOK ok : checks) System.out.println("LTV " + ok.toString().replace('\n', ' '));
      System.out.println("LTV-RESULT ok " + checks.size());
    } catch (Exception e) {
      valid = false;
      System.out.println("LTV-RESULT error " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    System.out.println(valid ? "VALID" : "INVALID");
    System.exit(valid ? 0 : 1);
  }

  private static int size(PdfArray array) {
    return array == null ? 0 : array.size();
  }
}
