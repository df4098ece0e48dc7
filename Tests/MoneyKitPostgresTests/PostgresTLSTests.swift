// TLS through libpq's sslmode, against a cluster listening on 127.0.0.1 with a
// certificate from a throwaway CA: verify-full connects with the right CA, and a wrong CA
// or a certificate for another host name is refused with a message that says so.

import Foundation
import MoneyKitPlatform
import PostgresTestSupport
import Testing
@testable import MoneyKitPostgres

private let opensslInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

@Suite(.serialized, .enabled(if: PostgresTestCluster.shouldRun && opensslInstalled, PostgresTestCluster.skipReason))
struct PostgresTLSTests {
    @Test func verifyFullNeedsTheRightCAAndHostName() throws {
        let folder = NSTemporaryDirectory() + "moneykit-tls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A CA, a server certificate it signs for localhost, and a second CA that signs nothing.
        let script = """
            set -e; cd '\(folder)'
            openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.crt -subj '/CN=MoneyKit test CA' -days 2
            openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj '/CN=localhost'
            printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > san.ext
            openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -out server.crt -days 2 -extfile san.ext
            openssl req -x509 -newkey rsa:2048 -nodes -keyout other.key -out other.crt -subj '/CN=Another CA' -days 2
            chmod 0600 server.key; chmod 0755 .
            if [ "$(id -u)" -eq 0 ]; then chown postgres server.key server.crt; fi
            """
        let (made, _, errors) = try PostgresTestCluster.run(["-c", script])
        try #require(made == 0, "openssl: \(errors)")
        let port = Int.random(in: 20_000...40_000)
        let cluster = try PostgresTestCluster.start(serverOptions:
            "-c listen_addresses=127.0.0.1 -c port=\(port) -c ssl=on -c ssl_cert_file=\(folder)/server.crt -c ssl_key_file=\(folder)/server.key")
        defer { cluster.stop() }
        let base = "host=localhost port=\(port) user=postgres dbname=postgres sslmode=verify-full"

        let secure = try PostgresConnection.open("\(base) sslrootcert=\(folder)/ca.crt")
        let encrypted = try secure.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.boolean(0)
        #expect(encrypted == true)
        secure.close()

        let wrongCA = expectUnavailable("\(base) sslrootcert=\(folder)/other.crt")
        #expect(wrongCA?.contains("certificate verify failed") == true, "\(wrongCA ?? "connected")")
        #expect(wrongCA?.contains("localhost:\(port)") == true)

        let wrongHost = expectUnavailable(
            "host=tills.example hostaddr=127.0.0.1 port=\(port) user=postgres dbname=postgres sslmode=verify-full sslrootcert=\(folder)/ca.crt")
        #expect(wrongHost?.contains("does not match host name") == true, "\(wrongHost ?? "connected")")
    }

    /// The message of the `unavailable` error opening `text` gives, or nil (recorded) when
    /// it connects or fails otherwise.
    private func expectUnavailable(_ text: String) -> String? {
        do {
            let connection = try PostgresConnection.open(text)
            connection.close()
            Issue.record("connected with \(text)")
        } catch {
            guard case .unavailable = error else {
                Issue.record("expected unavailable, got \(error)")
                return nil
            }
            return error.description
        }
        return nil
    }
}
