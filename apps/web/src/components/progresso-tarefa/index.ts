export * from './progresso-tarefa';
