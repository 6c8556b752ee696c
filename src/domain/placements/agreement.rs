//! The training agreement's template: the default text and the placeholders a district's own
//! template may use.

/// The default training agreement (the district edits it). Placeholders in braces.
pub const DEFAULT_TEMPLATE: &str = "WORK-BASED LEARNING TRAINING AGREEMENT

{district} and {company} agree to host {student} ({grade}, {school}) as {title} from {start} to {end}, {schedule}, for about {hours} hours in all, at {worksite}. The student is {pay}. The supervisor is {supervisor}.

The student will:
- attend school and the worksite as scheduled, on time, and tell the supervisor and the school's coordinator before missing a day;
- follow the worksite's safety rules and ask when unsure;
- keep an honest log of the hours worked and what was learned;
- tell the school's coordinator before leaving the placement, and at once about anything unsafe or unwelcome.

The employer will:
- name {supervisor} to supervise and train the student, and give safety training before any task;
- assign no hazardous duties: nothing the federal child-labor rules forbid for workers under 18 (driving, power-driven machinery such as forklifts, saws, meat slicers or balers, roofing, excavation, explosives, and the other Hazardous Occupations Orders);
- pay at least the applicable minimum wage when the placement is paid;
- keep the hours within the district's limits ({max_day} hours a day, {max_week} hours a week) and outside school hours unless the school agrees;
- approve the student's time log, evaluate the student at the midpoint and at the end, and let the school's coordinator visit.

The parent or guardian will:
- consent to this placement and arrange the student's transportation to and from the worksite;
- tell the school's coordinator about any concern.

The school will:
- name a coordinator who monitors the placement, may visit the worksite, and can be reached by every party;
- review the time log and the evaluations, and keep the record of this placement.

Any party may end this agreement by telling the others. Changing any detail above voids every signature, and everyone signs again.";

/// The default agreement in Spanish: the same terms, for a party who reads Spanish (each party
/// reads and signs the text in their own language).
pub const DEFAULT_TEMPLATE_ES: &str = "ACUERDO DE FORMACIÓN EN EL LUGAR DE TRABAJO

{district} y {company} acuerdan recibir a {student} ({grade}, {school}) como {title} del {start} al {end}, {schedule}, por unas {hours} horas en total, en {worksite}. La práctica es {pay}. El supervisor es {supervisor}.

El estudiante:
- asistirá a la escuela y al lugar de trabajo según el horario, puntualmente, y avisará al supervisor y al coordinador de la escuela antes de faltar un día;
- seguirá las normas de seguridad del lugar de trabajo y preguntará cuando tenga dudas;
- llevará un registro honesto de las horas trabajadas y de lo aprendido;
- avisará al coordinador de la escuela antes de dejar la práctica, y de inmediato ante cualquier situación insegura o no deseada.

El empleador:
- nombrará a {supervisor} para supervisar y formar al estudiante, y dará capacitación de seguridad antes de cualquier tarea;
- no asignará tareas peligrosas: nada de lo que las normas federales de trabajo infantil prohíben a menores de 18 años (conducir, maquinaria motorizada como montacargas, sierras, rebanadoras de carne o compactadoras, techado, excavación, explosivos y las demás órdenes sobre ocupaciones peligrosas);
- pagará al menos el salario mínimo aplicable cuando la práctica sea remunerada;
- mantendrá las horas dentro de los límites del distrito ({max_day} horas al día, {max_week} horas a la semana) y fuera del horario escolar, salvo que la escuela lo acepte;
- aprobará el registro de horas del estudiante, lo evaluará a mitad y al final de la práctica, y permitirá las visitas del coordinador de la escuela.

El padre, la madre o el tutor legal:
- da su consentimiento para esta práctica y se encargará del transporte del estudiante al lugar de trabajo y de regreso;
- informará al coordinador de la escuela de cualquier inquietud.

La escuela:
- nombrará a un coordinador que supervise la práctica, pueda visitar el lugar de trabajo y esté al alcance de todas las partes;
- revisará el registro de horas y las evaluaciones, y conservará el expediente de esta práctica.

Cualquiera de las partes puede terminar este acuerdo avisando a las demás. Cambiar cualquiera de los datos anteriores anula todas las firmas, y todos firman de nuevo.";

/// The built-in agreement in a language (by its code), when there is one.
pub fn default_template(lang: &str) -> Option<&'static str> {
    match lang {
        "en" => Some(DEFAULT_TEMPLATE),
        "es" => Some(DEFAULT_TEMPLATE_ES),
        _ => None,
    }
}

/// Every placeholder a template may use.
pub const PLACEHOLDERS: [&str; 16] = [
    "student",
    "grade",
    "school",
    "company",
    "title",
    "supervisor",
    "worksite",
    "start",
    "end",
    "schedule",
    "hours",
    "pay",
    "district",
    "max_day",
    "max_week",
    "guardian",
];

/// The placeholders of `template` we do not know, in order.
pub fn unknown_placeholders(template: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) => {
                let name = &after[..j];
                if !PLACEHOLDERS.contains(&name) && !out.iter().any(|n| n == name) {
                    out.push(name.to_string());
                }
                rest = &after[j + 1..];
            }
            None => break,
        }
    }
    out
}

/// The template with each `{name}` replaced by its value.
pub fn fill(template: &str, value: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) if PLACEHOLDERS.contains(&&after[..j]) => {
                out.push_str(&value(&after[..j]));
                rest = &after[j + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_filled_and_unknown_placeholders_named() {
        assert!(unknown_placeholders(DEFAULT_TEMPLATE).is_empty());
        assert!(unknown_placeholders(DEFAULT_TEMPLATE_ES).is_empty());
        // The translation names every fact the English one does.
        for name in PLACEHOLDERS.iter().filter(|n| **n != "guardian") {
            let p = format!("{{{name}}}");
            assert_eq!(
                DEFAULT_TEMPLATE.matches(&p).count(),
                DEFAULT_TEMPLATE_ES.matches(&p).count(),
                "{p}"
            );
        }
        assert_eq!(
            unknown_placeholders("Hi {student}, {nickname} and {pet}"),
            ["nickname", "pet"]
        );
        let out = fill("{student} at {company}; {unknown} {", |k| k.to_uppercase());
        assert_eq!(out, "STUDENT at COMPANY; {unknown} {");
    }
}
